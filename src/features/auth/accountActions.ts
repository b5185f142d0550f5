// What the user menu and the Premium dialog do, as one chunk loaded on demand (see UserMenuContainer).
export { signOut } from './authThunks';
export { signOutWhenSynced } from './signOutWhenSynced';
export { openBillingPortal, startCheckout } from '../subscription/subscriptionThunks';
