// The API keys of a customer, in the user details modal: name, start, scopes, last use, and Revoke for live ones.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ApiKeyInfo, ApiKeyList } from '../../../../../shared/api-keys.ts';
import { api } from '../../../../lib/api.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { toast } from '../../../../lib/toast.ts';
import { Button } from '../../../../components/ui/button.tsx';
import { Badge } from '../status-badge.tsx';

const keysOf = (userId: string) => ['admin', 'users', 'api-keys', userId] as const;

export function UserApiKeys({ userId }: { userId: string }) {
  const queryClient = useQueryClient();
  const keys = useQuery({
    queryKey: keysOf(userId),
    queryFn: () => api<ApiKeyList>(`/api/admin/users/${encodeURIComponent(userId)}/api-keys`),
  });
  const revoke = useMutation({
    mutationFn: (id: string) =>
      api<ApiKeyInfo>(`/api/admin/api-keys/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSuccess: async (key) => {
      toast.success(`Key "${key.name}" revoked`);
      await queryClient.invalidateQueries({ queryKey: keysOf(userId) });
    },
    onError: (err) => toast.error('Revoke failed', { description: err.message }),
  });
  const list = keys.data?.keys ?? [];
  return (
    <section aria-label="API keys">
      <h3 className="mb-2 font-semibold">API Keys</h3>
      {keys.isPending ? (
        <p className="text-sm text-muted-foreground">Loading keys...</p>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">No API keys</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border">
          {list.map((k) => (
            <li key={k.id} className="flex items-center justify-between gap-3 p-3 text-sm">
              <div className="min-w-0">
                <p className="font-medium">
                  {k.name}{' '}
                  <span className="font-mono text-xs text-muted-foreground">{k.prefix}…</span>
                </p>
                <p className="text-xs text-muted-foreground">
                  {k.scopes.join(', ')} ·{' '}
                  {k.lastUsedAt ? `last used ${formatDateTime(k.lastUsedAt)}` : 'never used'}
                </p>
              </div>
              {k.active ? (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(k.id)}
                  aria-label={`Revoke key ${k.name}`}
                >
                  Revoke
                </Button>
              ) : (
                <Badge tone="gray">revoked</Badge>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
