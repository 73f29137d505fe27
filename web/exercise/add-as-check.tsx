import { lazy, Suspense, type ComponentType } from 'react';
import { useStore } from '../state/store.ts';
import type { ExchangeSlots } from '../exchange/exchange-slots.tsx';
import { useExerciseDraft } from './draft-store.ts';

// The recording code (recording, replaying, finding unstable fields) loads once the maker is open.
const buttons = () => import('./add-as-check-buttons.tsx');
const AddResponseAsCheck = lazy(() => buttons().then((m) => ({ default: m.AddResponseAsCheck })));
const AddSocketLineAsCheck = lazy(() => buttons().then((m) => ({ default: m.AddSocketLineAsCheck })));

/** `Button`, shown only while an exercise is being made. */
function whileMaking<Props extends object>(Button: ComponentType<Props>): ComponentType<Props> {
  return function WhileMaking(props: Props) {
    const open = useStore(useExerciseDraft().draftStore, (s) => s.open);
    if (!open) return null;
    return (
      <Suspense fallback={null}>
        <Button {...props} />
      </Suspense>
    );
  };
}

/** What the exercise maker adds to the exchange panels: "Add as check" on a response and on a WebSocket message. */
export const EXERCISE_SLOTS: ExchangeSlots = {
  ResponseAction: whileMaking(AddResponseAsCheck),
  SocketLineAction: whileMaking(AddSocketLineAsCheck),
};
