/** What other features use of the account feature. */
export { PhoneRequestCard } from './components/phone-verification';
