/** The pages of this feature, for the router's lazily loaded areas (src/app/areas). */
export { LocalCheckoutPage } from './pages/local-checkout-page';
export { TestPaymentPage } from './pages/test-payment-page';
