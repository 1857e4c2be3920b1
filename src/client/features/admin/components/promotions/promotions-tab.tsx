// The Promotions tab: create a promo code, and every code with its terms, status, uses and what its orders brought in.
import type { AdminCatalogue } from '../../../../../shared/admin-catalogue.ts';
import { formatNaira } from '../../../../../shared/money.ts';
import { promoStatus, type AdminPromoCode } from '../../../../../shared/promotions.ts';
import { formatDateTime } from '../../../../lib/format-date.ts';
import { useAdminPromoCodes, useEndPromoCode } from '../../api/admin-promotions.ts';
import { Cell, DataTable, EmptyState, Row } from '../data-table.tsx';
import { Panel } from '../form-extras.tsx';
import { QueryState } from '../query-state.tsx';
import { RowActionButton } from '../row-action-button.tsx';
import { PromoCodeForm } from './promo-code-form.tsx';

const offText = (p: AdminPromoCode) =>
  p.percentOff !== null ? `${p.percentOff}% off` : `${formatNaira(p.amountOffKobo ?? 0)} off`;
const scopeText = (p: AdminPromoCode) =>
  p.scope === 'all' ? 'All products' : (p.scopeName ?? '—');
const limitsText = (p: AdminPromoCode) =>
  [
    p.maxUsesPerCustomer !== null ? `${p.maxUsesPerCustomer} per customer` : null,
    p.minOrderKobo > 0 ? `min ${formatNaira(p.minOrderKobo)}` : null,
  ]
    .filter(Boolean)
    .join(', ');

export function PromotionsTab({ catalogue }: { catalogue: AdminCatalogue }) {
  const codes = useAdminPromoCodes();
  const end = useEndPromoCode();
  return (
    <div className="space-y-8">
      <Panel title="Create Promo Code" description="Customers enter it at checkout.">
        <PromoCodeForm catalogue={catalogue} />
      </Panel>
      <Panel title="Promo Codes" description="Uses and revenue of every code, newest first.">
        <QueryState query={codes} loading="Loading promo codes...">
          {({ promoCodes }) =>
            promoCodes.length === 0 ? (
              <EmptyState>No promo codes yet.</EmptyState>
            ) : (
              <DataTable
                caption="Promo codes"
                columns={[
                  'Code',
                  'Discount',
                  'Applies to',
                  'Runs',
                  'Uses',
                  'Revenue',
                  'Status',
                  'Actions',
                ]}
              >
                {promoCodes.map((p) => {
                  const status = promoStatus(p);
                  return (
                    <Row key={p.id} className="md:align-top">
                      <Cell label="Code" isTitle className="font-mono">
                        {p.code}
                      </Cell>
                      <Cell label="Discount">
                        {offText(p)}
                        {limitsText(p) ? (
                          <span className="block text-xs text-muted-foreground">
                            {limitsText(p)}
                          </span>
                        ) : null}
                      </Cell>
                      <Cell label="Applies to">{scopeText(p)}</Cell>
                      <Cell label="Runs" className="text-xs text-muted-foreground">
                        {formatDateTime(p.startsAt)} –{' '}
                        {p.endsAt ? formatDateTime(p.endsAt) : 'no end'}
                      </Cell>
                      <Cell label="Uses" className="tabular-nums">
                        {p.uses}
                        {p.maxUses !== null ? ` / ${p.maxUses}` : ''}
                      </Cell>
                      <Cell label="Revenue" className="tabular-nums md:whitespace-nowrap">
                        {formatNaira(p.revenueKobo)}
                        {p.discountKobo > 0 ? (
                          <span className="block text-xs text-muted-foreground">
                            −{formatNaira(p.discountKobo)} discount
                          </span>
                        ) : null}
                      </Cell>
                      <Cell label="Status">{status}</Cell>
                      <Cell label="Actions" className="md:text-right">
                        {status === 'Active' || status === 'Scheduled' ? (
                          <RowActionButton mutation={end} id={p.id} label={`End ${p.code} now`}>
                            End now
                          </RowActionButton>
                        ) : null}
                      </Cell>
                    </Row>
                  );
                })}
              </DataTable>
            )
          }
        </QueryState>
      </Panel>
    </div>
  );
}
