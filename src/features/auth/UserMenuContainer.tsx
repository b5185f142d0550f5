// Stub: the menu helper replaces this with the user menu wired to the store and dialogs.
export function UserMenuContainer() {
  return null;
}
