import { lazyPage } from '../../lib/lazy-page';

export const AboutPage = lazyPage(() => import('./pages/about-page'));
export const HowItWorksPage = lazyPage(() => import('./pages/how-it-works-page'));
export const GuidelinesPage = lazyPage(() => import('./pages/guidelines-page'));
export { BUILT_IN_PAGES } from './lib/built-in';
