import { use, useEffect, useState } from 'react';
import { CatalogViewContext } from './CatalogView';
import { loadedLabelFilter, loadLabelFilter } from './labelFilterCode';

/** Where the header shows the label filter: nothing until a label exists and the filter's code is here. */
export function LabelFilterSlot() {
  const view = use(CatalogViewContext);
  const hasLabels = !!view && view.labels.length > 0;
  const [Loaded, setLoaded] = useState(loadedLabelFilter);
  useEffect(() => {
    if (!hasLabels || Loaded) return;
    let current = true;
    loadLabelFilter().then(
      (component) => current && setLoaded(() => component),
      () => {}, // offline: the filter comes with the next change of labels
    );
    return () => void (current = false);
  }, [hasLabels, Loaded]);
  return Loaded ? <Loaded /> : null;
}
