/** Photo analysis (issue 17): the upload's Photo check and the plate page's Similar plates. */
export { PhotoCheck } from './components/photo-check';
export { SimilarPlates } from './components/similar-plates';
