import { useDrawerToggle, type Drawer } from './drawers.ts';

const LABEL: Record<Drawer, string> = { branches: 'Branches', side: 'Context' };
const CONTROLS: Record<Drawer, string> = { branches: 'col-left', side: 'col-right' };

/** Opens a folded side column (CSS shows it only below the width where that column folds). */
export function DrawerToggle({ which }: { which: Drawer }) {
  const { open, toggle } = useDrawerToggle(which);
  return (
    <button type="button" className={`btn drawer-toggle drawer-toggle-${which}`} aria-expanded={open} aria-controls={CONTROLS[which]} onClick={toggle} data-testid={`drawer-${which}`}>
      {LABEL[which]}
    </button>
  );
}
