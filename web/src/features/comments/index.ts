/** The comments feature's public surface: a plate's comments, hearts and replies. */
export { CommentsSection } from './components/comments-section';
