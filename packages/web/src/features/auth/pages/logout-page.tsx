import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { queryClient } from '@/lib/query-client';
import { signOut } from '../api';

/** /Logout: signs out, then goes to the login page (doc 1 section 2, "Chrome"). */
export default function LogoutPage() {
  const navigate = useNavigate();
  useEffect(() => {
    signOut();
    queryClient.clear();
    void navigate(paths.login.getHref(), { replace: true });
  }, [navigate]);
  return (
    <p role="status" className="p-6 text-sm text-slate-500">
      Signing out…
    </p>
  );
}
