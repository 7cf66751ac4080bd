/**
 * The component the app shell loads on demand outside the router (src/app/layout/header.tsx, with
 * React.lazy): only it, so its chunk holds nothing else of the feature.
 */
export { default } from './components/reminders-bell';
