import { Link } from '~/components/link';

/** What a failed company sign-in shows (GET /auth/sso and its callbacks): why, and the way back to log in. */
export function SsoProblem({ errorMsg, thenTo }: { errorMsg: string; thenTo?: string | null }) {
  return (
    <div className="auth-card">
      <h1>Sign-in did not work</h1>
      <div className="form-error" role="alert">
        <p>{errorMsg}</p>
      </div>
      <p className="auth-links">
        <Link to={thenTo ? `/auth/login?thenTo=${encodeURIComponent(thenTo)}` : '/auth/login'}>Back to log in</Link>
      </p>
    </div>
  );
}
