// POST /api/orders/:id/reports: the buyer reports bad accounts of their order; the order list refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReportProblemInput, ReportProblemResult } from '../../../../shared/reports.ts';
import { api } from '../../../lib/api.ts';
import { toast } from '../../../lib/toast.ts';
import { ordersQueryKey } from '../../../lib/queries/use-orders.ts';

export function useReportProblem(orderId: string, onDone: () => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ReportProblemInput) =>
      api<ReportProblemResult>(`/api/orders/${encodeURIComponent(orderId)}/reports`, {
        method: 'POST',
        body: input,
      }),
    onSuccess: async (result) => {
      toast.success(result.message);
      onDone();
      await queryClient.invalidateQueries({ queryKey: ordersQueryKey });
    },
    onError: (err) => toast.error(err.message),
  });
}
