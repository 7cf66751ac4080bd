/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { AboutPage } from './pages/about-page';
export { ArticlePage } from './pages/article-page';
export { BlogPage } from './pages/blog-page';
