import { lazy, Suspense, use, useState } from 'react';
import { LoadBoundary } from '../../components/ui/LoadBoundary';
import { CatalogViewContext } from './CatalogView';
import { LabelFilterButton } from './LabelFilterButton';

const loadDialog = () => import('./LabelFilterDialog');
const LabelFilterDialog = lazy(loadDialog);
const prefetch = () => void loadDialog().catch(() => {});

/** The header's label filter: a button once there are labels, and its dialog (loaded on first use). */
export function LabelFilterContainer() {
  const view = use(CatalogViewContext);
  const [open, setOpen] = useState(false);
  const [wanted, setWanted] = useState(false);
  if (!view || (view.labels.length === 0 && !wanted)) return null;
  const chosen = view.labels.filter((label) => view.filter.includes(label.id)).map((label) => label.name);
  return (
    <>
      <LabelFilterButton chosen={chosen} onClick={() => (setWanted(true), setOpen(true))} onIntent={prefetch} />
      {wanted && (
        <LoadBoundary>
          <Suspense fallback={null}>
            <LabelFilterDialog open={open} labels={view.labels} chosen={view.filter} onChange={view.setFilter} onClose={() => setOpen(false)} />
          </Suspense>
        </LoadBoundary>
      )}
    </>
  );
}
