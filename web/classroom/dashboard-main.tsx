import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { Dashboard } from './dashboard.tsx';

/** The teacher key from the address's fragment (`#key=…`), which the browser never sends to a server. */
function keyOfHash(): string | null {
  return new URLSearchParams(location.hash.slice(1)).get('key');
}

function KeyForm({ onKey }: { onKey: (key: string) => void }) {
  const [key, setKey] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    location.hash = new URLSearchParams({ key }).toString();
    onKey(key);
  };
  return (
    <form className="flex flex-col gap-2 p-4" onSubmit={submit}>
      <h1 className="text-xl font-bold">Class dashboard</h1>
      <p>The dashboard is for the teacher: enter the teacher key the terminal printed.</p>
      <label className="flex flex-col">
        Teacher key
        <input className="field font-mono" value={key} onChange={(e) => setKey(e.target.value)} required autoComplete="off" />
      </label>
      <button type="submit" className="btn self-start">
        Open the dashboard
      </button>
    </form>
  );
}

function DashboardPage() {
  const [key, setKey] = useState(keyOfHash);
  return key ? <Dashboard teacherKey={key} /> : <KeyForm onKey={setKey} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <DashboardPage />
  </StrictMode>,
);
