import { createContext, useContext } from 'react';
import type { StaffMe } from '@portal/contract/console';

export const StaffContext = createContext<StaffMe | null>(null);
export const useStaff = () => useContext(StaffContext);
