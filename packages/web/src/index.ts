export { type WebPages, webPages } from './web-pages.ts';
