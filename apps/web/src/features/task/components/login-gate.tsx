import { useState } from 'react';
import { LoginRequiredDialog } from '../../../components/login-required-dialog.tsx';
import { isLoggedIn } from '../../../lib/session.ts';

/** Steps that need a login open the shared dialog for visitors. */
export function useLoginGate() {
  const [open, setOpen] = useState(false);
  const ensure = () => {
    if (isLoggedIn()) return true;
    setOpen(true);
    return false;
  };
  const dialog = <LoginRequiredDialog open={open} onClose={() => setOpen(false)} />;
  return { ensure, dialog, loggedIn: isLoggedIn() };
}
