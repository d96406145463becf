/** The feed feature's public surface. */
export { default as HomePage } from './pages/home-page';
