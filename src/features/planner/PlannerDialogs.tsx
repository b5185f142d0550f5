import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useAppSelector } from '../../app/hooks';
import { LoadBoundary } from '../../components/ui/LoadBoundary';
import type { DetailsTarget } from '../tasks/detailsRequest';
import type { MovingOccurrence } from './MoveTaskDialogContainer';
import { loadDetailsContainer, loadMoveContainer, loadScopeContainer } from './plannerDialogLoads';
import { selectScopeQuestion } from './plannerSlice';

// The planner's dialogs: 'Move to…', the details and the scope question. Their containers (with the series code the
// details and the scope question use) are chunks of their own, like the dialogs: fetched when first asked for, or in
// idle time once the planner is up (preloadPlannerDialogs), not with the first screen.
const MoveTaskDialogContainer = lazy(() => loadMoveContainer().then((module) => ({ default: module.MoveTaskDialogContainer })));
const TaskDetailsContainer = lazy(() => loadDetailsContainer().then((module) => ({ default: module.TaskDetailsContainer })));
const ScopeDialogContainer = lazy(() => loadScopeContainer().then((module) => ({ default: module.ScopeDialogContainer })));

/** Mounts `children` from the first time `asked` is true on: a dialog stays mounted, so closing it is the native close. */
function OnceAsked({ asked, children }: { asked: boolean; children: ReactNode }) {
  const [wanted, setWanted] = useState(false);
  if (asked && !wanted) setWanted(true);
  return wanted ? (
    <LoadBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadBoundary>
  ) : null;
}

export interface PlannerDialogsProps {
  movingId: string | null;
  movingOccurrence: MovingOccurrence | null;
  onMoveEnd: () => void;
  details: DetailsTarget | null;
  onDetailsEnd: () => void;
  onMove: (id: string) => void;
  onMoveOccurrence: (occurrence: MovingOccurrence) => void;
}

export function PlannerDialogs({ movingId, movingOccurrence, onMoveEnd, details, onDetailsEnd, onMove, onMoveOccurrence }: PlannerDialogsProps) {
  const scopeAsked = useAppSelector(selectScopeQuestion) !== null;
  return (
    <>
      <OnceAsked asked={movingId !== null || movingOccurrence !== null}>
        <MoveTaskDialogContainer taskId={movingId} occurrence={movingOccurrence} onClose={onMoveEnd} />
      </OnceAsked>
      <OnceAsked asked={details !== null}>
        <TaskDetailsContainer target={details} onClose={onDetailsEnd} onMove={onMove} onMoveOccurrence={onMoveOccurrence} />
      </OnceAsked>
      <OnceAsked asked={scopeAsked}>
        <ScopeDialogContainer />
      </OnceAsked>
    </>
  );
}
