// The signed-in part of the navbar: the wallet balance (customers) and the menu with Dashboard (Admin Panel for
// admins), Profile Settings, Order History, Wallet (customers), Sign Out. Its own chunk (Radix DropdownMenu and its
// positioning code, the naira formatter), loaded only for a signed-in user.
import {
  ChevronDown,
  LayoutDashboard,
  LogOut,
  ScrollText,
  Settings,
  Shield,
  Wallet,
} from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { Link } from 'react-router';
import type { Me } from '../../../shared/auth.ts';
import { formatNaira } from '../../../shared/money.ts';
import { paths } from '../../../shared/paths.ts';
import { useSignOut } from '../../features/auth/api/use-sign-out.ts';
import { AccountBadge, accountTriggerClass } from './account-badge.tsx';

const itemClass =
  'flex cursor-pointer items-center gap-2 rounded px-2 py-2 text-sm outline-none data-[highlighted]:bg-muted';

export default function UserMenu({ me }: { me: Me }) {
  const signOut = useSignOut();
  return (
    <div className="flex items-center gap-2">
      {!me.isAdmin && (
        <Link
          to={paths.wallet}
          className="inline-block whitespace-nowrap rounded-md bg-muted px-2 py-1 text-xs font-medium tabular-nums sm:text-sm"
          aria-label={`Wallet balance ${formatNaira(me.walletBalanceKobo)}`}
        >
          {formatNaira(me.walletBalanceKobo)}
        </Link>
      )}
      <DropdownMenu.Root>
        {/* Named by its content, "Account menu" and the name it shows (WCAG 2.5.3: the visible words are in the name). */}
        <DropdownMenu.Trigger className={accountTriggerClass}>
          <span className="sr-only">Account menu</span>
          <AccountBadge me={me} />
          <ChevronDown className="h-4 w-4" aria-hidden />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={6}
            className="z-50 min-w-52 rounded-md border border-border bg-card p-1 text-foreground shadow-lg"
          >
            <DropdownMenu.Label className="px-2 py-1.5 text-xs text-muted-foreground">
              {me.email}
            </DropdownMenu.Label>
            <DropdownMenu.Item asChild className={itemClass}>
              {me.isAdmin ? (
                <Link to={paths.admin}>
                  <Shield className="h-4 w-4" aria-hidden /> Admin Panel
                </Link>
              ) : (
                <Link to={paths.dashboard}>
                  <LayoutDashboard className="h-4 w-4" aria-hidden /> Dashboard
                </Link>
              )}
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={paths.profile}>
                <Settings className="h-4 w-4" aria-hidden /> Profile Settings
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to={paths.orders}>
                <ScrollText className="h-4 w-4" aria-hidden /> Order History
              </Link>
            </DropdownMenu.Item>
            {!me.isAdmin && (
              <DropdownMenu.Item asChild className={itemClass}>
                <Link to={paths.wallet}>
                  <Wallet className="h-4 w-4" aria-hidden /> Wallet
                </Link>
              </DropdownMenu.Item>
            )}
            <DropdownMenu.Separator className="my-1 h-px bg-border" />
            <DropdownMenu.Item className={itemClass} onSelect={() => signOut.mutate()}>
              <LogOut className="h-4 w-4" aria-hidden /> Sign Out
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  );
}
