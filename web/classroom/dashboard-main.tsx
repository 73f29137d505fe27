import { StrictMode, useState, type FormEvent } from 'react';
import { createRoot } from 'react-dom/client';
import '../styles.css';
import { ConfirmHost, createConfirmState } from '../layout/confirm-dialog.tsx';
import { PlaygroundStateProvider } from '../state/state-context.tsx';
import { Dashboard } from './dashboard.tsx';
import { forgetTeacherKey, rememberTeacherKey, takeTeacherKey } from './dashboard-key.ts';

function KeyForm({ onKey }: { onKey: (key: string) => void }) {
  const [key, setKey] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    rememberTeacherKey(key);
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

function DashboardPage({ initialKey }: { initialKey: string | null }) {
  const [key, setKey] = useState(initialKey);
  const forget = () => {
    forgetTeacherKey();
    setKey(null);
  };
  return key ? <Dashboard teacherKey={key} onWrongKey={forget} /> : <KeyForm onKey={setKey} />;
}

// The key leaves the address bar before anything renders.
const initialKey = takeTeacherKey();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PlaygroundStateProvider state={{ confirm: createConfirmState() }}>
      <DashboardPage initialKey={initialKey} />
      <ConfirmHost />
    </PlaygroundStateProvider>
  </StrictMode>,
);
