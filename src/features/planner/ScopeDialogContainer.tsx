import { lazy, Suspense, useState } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { scopeWidened, type ScopeQuestion } from '../series/occurrenceScope';
import type { WiderScope } from '../tasks/ScopeDialog';
import { dayName } from '../dnd/announcements';
import { scopeAsked, selectScopeQuestion } from './plannerSlice';

const ScopeDialog = lazy(() => import('../tasks/ScopeDialog').then((module) => ({ default: module.ScopeDialog })));

const FOLLOWING: [WiderScope, string] = ['following', 'This and following'];
const ALL: [WiderScope, string] = ['all', 'All'];

/** The words of each question: a new repeat was made from this occurrence on, so only 'All' is wider. */
const WORDS: Record<ScopeQuestion['action'], { question: string; choices: Array<[WiderScope, string]>; keep: string }> = {
  delete: { question: 'Delete which tasks?', choices: [FOLLOWING, ALL], keep: 'Only this one' },
  edit: { question: 'Change which tasks?', choices: [FOLLOWING, ALL], keep: 'Only this one' },
  repeat: { question: 'Change the repeat of which tasks?', choices: [ALL], keep: 'From this one on' },
};

/** 'Not just this one…' on the toast of a change made to one occurrence (series/occurrenceScope.ts). */
export function ScopeDialogContainer() {
  const dispatch = useAppDispatch();
  const question = useAppSelector(selectScopeQuestion);
  // Kept from the first question on, so closing is the <dialog>'s own (and the words stay while it closes).
  const [last, setLast] = useState<ScopeQuestion | null>(null);
  if (question && question !== last) setLast(question);
  if (!last) return null;
  const close = () => dispatch(scopeAsked(null));
  const choose = (scope: WiderScope) => {
    if (question) void dispatch(scopeWidened(question, scope));
    close();
  };
  const words = WORDS[last.action];
  return (
    <Suspense fallback={null}>
      <ScopeDialog
        open={!!question}
        question={words.question}
        description={`“${last.title}”, ${dayName(last.originalDate)}`}
        choices={words.choices}
        keepLabel={words.keep}
        onChoose={choose}
        onClose={close}
      />
    </Suspense>
  );
}
