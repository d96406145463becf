/**
 * The ratings feature's public surface: the viewer's own stars on a plate page. A plate's average
 * (RatingSummary) stays with the posts feature: every card on the first screen shows it, and
 * importing it from here would pull the stars and their mutation into the startup chunk.
 */
export { YourRating } from './components/your-rating';
