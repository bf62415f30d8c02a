/**
 * "Reset to defaults…" asks first, in a dialog that says what resetting does (it saves at once,
 * replacing the user's policy); only its confirm button calls `reset`.
 */
export function initReset(
  controls: { open: HTMLButtonElement; dialog: HTMLDialogElement; confirm: HTMLButtonElement; cancel: HTMLButtonElement },
  reset: () => Promise<void>,
  signal: AbortSignal,
): void {
  const { dialog } = controls;
  controls.open.addEventListener('click', () => dialog.showModal(), { signal });
  controls.cancel.addEventListener('click', () => dialog.close(), { signal });
  controls.confirm.addEventListener(
    'click',
    () => {
      dialog.close();
      void reset().finally(() => controls.open.focus());
    },
    { signal },
  );
}
