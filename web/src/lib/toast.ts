/**
 * Toasts, loaded after the first paint: the toast library is fetched the first time the app
 * mounts its toaster or shows a toast, and a toast asked for before the toaster is on screen waits
 * for it instead of being lost.
 */
let markMounted: () => void = () => undefined;
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

/** Called by <Toaster/> once it is on screen. */
export function toasterMounted(): void {
  markMounted();
}

export interface ToastAction {
  label: string;
  onClick: () => void;
}

type Kind = 'success' | 'error' | 'info';

async function show(
  kind: Kind,
  title: string,
  description?: string,
  action?: ToastAction,
  lasting = false,
) {
  const [{ toast }] = await Promise.all([import('sonner'), mounted]);
  toast[kind](title, { description, action, ...(lasting ? { duration: Infinity } : {}) });
}

export const toast = {
  success: (title: string, description?: string, action?: ToastAction) =>
    void show('success', title, description, action),
  /** A destructive toast: something failed or was refused. */
  error: (title: string, description?: string, action?: ToastAction) =>
    void show('error', title, description, action),
  info: (title: string, description?: string, action?: ToastAction) =>
    void show('info', title, description, action),
  /** A toast that stays until the user acts on it or closes it. */
  lasting: (title: string, action: ToastAction) =>
    void show('info', title, undefined, action, true),
};
