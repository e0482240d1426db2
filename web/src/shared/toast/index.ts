export { toast, showToast, dismissToast, clearToasts, TOAST_DURATION_MS, type Toast, type ToastKind } from './toast-store';
export { Toaster } from './Toaster';
export { useToast } from './use-toast';
