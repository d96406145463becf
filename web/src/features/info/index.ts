import { lazy } from 'react';

export const AboutPage = lazy(() => import('./pages/about-page'));
export const HowItWorksPage = lazy(() => import('./pages/how-it-works-page'));
