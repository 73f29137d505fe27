import type { ReactNode } from 'react';
import { newRow, type FieldRow } from './request-model.ts';

interface FieldRowsProps<T extends FieldRow> {
  /** Names the group and its controls, e.g. "Header". */
  noun: string;
  rows: T[];
  onChange: (rows: T[]) => void;
  /** Creates an empty row for the add button. */
  create?: () => T;
  /** Replaces the value input, e.g. with a file picker. */
  renderValue?: (row: T, update: (patch: Partial<T>) => void, label: string) => ReactNode;
  /** Controls shown before the name, e.g. a text/file switch. */
  renderLead?: (row: T, update: (patch: Partial<T>) => void, label: string) => ReactNode;
}

/** Editable name/value rows with an enable switch, remove buttons and an add button. */
export function FieldRows<T extends FieldRow>({ noun, rows, onChange, create, renderValue, renderLead }: FieldRowsProps<T>) {
  const update = (id: string) => (patch: Partial<T>) => onChange(rows.map((r) => (r.id === id ? { ...r, ...patch } : r)));
  return (
    <div role="group" aria-label={`${noun}s`} className="flex flex-col gap-1">
      {rows.map((row, i) => {
        const label = `${noun} ${i + 1}`;
        return (
          <div key={row.id} className="flex items-center gap-1">
            <input
              type="checkbox"
              aria-label={`Send ${label.toLowerCase()}`}
              checked={row.enabled}
              onChange={(e) => update(row.id)({ enabled: e.target.checked } as Partial<T>)}
            />
            {renderLead?.(row, update(row.id), label)}
            <input
              className="field w-2/5"
              aria-label={`${label} name`}
              placeholder="name"
              value={row.name}
              onChange={(e) => update(row.id)({ name: e.target.value } as Partial<T>)}
            />
            {renderValue ? (
              renderValue(row, update(row.id), label)
            ) : (
              <input
                className="field min-w-0 flex-1"
                aria-label={`${label} value`}
                placeholder="value"
                value={row.value}
                onChange={(e) => update(row.id)({ value: e.target.value } as Partial<T>)}
              />
            )}
            <button
              type="button"
              className="btn-ghost"
              aria-label={`Remove ${label.toLowerCase()}`}
              onClick={() => onChange(rows.filter((r) => r.id !== row.id))}
            >
              ✕
            </button>
          </div>
        );
      })}
      <button type="button" className="btn-ghost self-start" onClick={() => onChange([...rows, (create ?? (() => newRow() as T))()])}>
        + Add {noun.toLowerCase()}
      </button>
    </div>
  );
}
