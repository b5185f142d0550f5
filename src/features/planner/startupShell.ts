/** The id of the empty week index.html shows while the app loads (see the comment there). */
export const STARTUP_SHELL_ID = 'planner-shell';

/** Takes the startup shell out of the page, if it is still there. */
export function removeStartupShell(): void {
  document.getElementById(STARTUP_SHELL_ID)?.remove();
}
