import { LoginPage } from '@/features/auth/components/LoginPage';
import { RedirectIfSignedIn } from '../guards';
import { Header } from '../layout/Header';
import '../layout/layout.css';

/** The login screen: header without sidebar or clock, then the form. */
export function LoginRoute() {
  return (
    <RedirectIfSignedIn>
      <div className="wb-login-layout">
        <Header />
        <main className="wb-login-layout__main">
          <LoginPage />
        </main>
      </div>
    </RedirectIfSignedIn>
  );
}
