import { useParams, useSearchParams } from 'react-router';
import { kindOf } from '../paths.ts';

/** The order a phone address names: /phoneModify/orders/:id, with ?kind= for the other two kinds. */
export function useOrderParams() {
  const params = useParams();
  const [search] = useSearchParams();
  return { id: Number(params.id) || 0, kind: kindOf(search.get('kind')), detailId: Number(params.detailId) || 0 };
}
