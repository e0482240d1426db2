import { toast } from './toast-store';

/** Hook form of the toast API, for components. */
export function useToast() {
  return toast;
}
