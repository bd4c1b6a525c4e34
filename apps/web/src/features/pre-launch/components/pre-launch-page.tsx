import { Link } from "react-router";

/** Placeholder until the pre-launch page lands. */
export function PreLaunchPage() {
  return (
    <main className="p-8">
      <Link to="/auth">Sign In</Link>
    </main>
  );
}
