import { chooseCode, filesOf, openWorkspace, SCRATCH, starterFiles } from '../lessons/workspace-store.ts';
import { requestStore } from '../exchange/request/request-store.ts';
import { fromSharedRequest } from '../share/link/shared-request.ts';
import { isKnownProgram } from '../share/link/known-programs.ts';
import { templates } from './template-catalog.ts';
import { askToConfirm } from '../layout/confirm-dialog.tsx';

/** Whether the free playground holds code the playground ships (nothing of the learner's to lose). */
function isUntouched(): boolean {
  return isKnownProgram(filesOf(SCRATCH), [starterFiles(SCRATCH), ...templates.map((t) => t.files)]);
}

/** Opens the free playground with template `id` and its first request (asks before replacing edited code). */
export async function openTemplate(id: string): Promise<void> {
  const template = templates.find((t) => t.id === id);
  if (!template) return;
  const ask = { title: 'Replace your code?', message: `Replace your free-playground code with the “${template.title}” template?`, confirmLabel: 'Replace my code' };
  if (!isUntouched() && !(await askToConfirm(ask))) return;
  openWorkspace(SCRATCH);
  chooseCode(template.files);
  requestStore.set({ spec: fromSharedRequest(template.request) });
}

/** The toolbar's "New from template" menu: the free playground, outside the course. */
export function TemplateMenu() {
  return (
    <label className="flex items-center gap-1 text-sm">
      <span className="sr-only">Free playground: new program from a template</span>
      <select
        className="field"
        value=""
        onChange={(e) => {
          void openTemplate(e.target.value);
          e.target.value = '';
        }}
      >
        <option value="" disabled>
          Free playground…
        </option>
        {templates.map((t) => (
          <option key={t.id} value={t.id}>
            {t.title}
          </option>
        ))}
      </select>
    </label>
  );
}
