import { Download, FileText } from 'lucide-react';
import { PageLoader } from '#client/components/layout/page-loader.tsx';
import { PortalHeader } from '#client/components/layout/portal-header.tsx';
import { Button } from '#client/components/ui/button.tsx';
import { Card } from '#client/components/ui/card.tsx';
import { useAuth } from '#client/lib/auth.ts';
import { useDocumentTitle } from '#client/lib/use-document-title.ts';
import { formatDate, formatPrice } from '#shared/format.ts';
import { invoiceLabel, type TeamOrderSummary } from '#shared/schemas/teams.ts';
import { EXPORT_URL, invoiceUrl, useTeam } from '../api/team.ts';
import { AssignSeatsForm } from '../components/assign-seats-form.tsx';
import { BuyMoreSeats } from '../components/buy-more-seats.tsx';
import { MembersList } from '../components/members-list.tsx';
import { OrderStatusBadge } from '../components/status-badge.tsx';

/** `/team`: the team manager's portal: orders, seats, members' progress and invoices. */
export function TeamPage() {
  useDocumentTitle('My team');
  const { user } = useAuth();
  const team = useTeam();
  if (!user || team.isLoading) return <PageLoader label="Loading your team..." />;
  const data = team.data ?? { orders: [], members: [], invoices: [] };

  return (
    <div className="flex min-h-dvh flex-col">
      <PortalHeader user={user} />
      <main
        id="main"
        className="mx-auto flex w-full max-w-7xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 lg:px-8 lg:py-8"
      >
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-extrabold tracking-tight text-navy-900 sm:text-3xl">My team</h1>
            <p className="mt-1 text-sm text-muted-foreground">
              Assign seats, follow progress and download invoices.
            </p>
          </div>
          <Button asChild variant="outline">
            <a href={EXPORT_URL} download>
              <Download aria-hidden="true" />
              Export progress (CSV)
            </a>
          </Button>
        </div>

        <section aria-labelledby="orders-heading" className="flex flex-col gap-4">
          <h2 id="orders-heading" className="text-lg font-bold text-navy-950">
            Orders
          </h2>
          {data.orders.length === 0 ? <p className="text-sm text-muted-foreground">No orders yet.</p> : null}
          <div className="grid gap-4 lg:grid-cols-2">
            {data.orders.map((order) => (
              <OrderCard key={order.id} order={order} />
            ))}
          </div>
        </section>

        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-bold text-navy-950">Members</h2>
          <MembersList members={data.members} />
        </Card>

        <Card className="p-5 sm:p-6">
          <h2 className="text-lg font-bold text-navy-950">Invoices</h2>
          {data.invoices.length === 0 ? (
            <p className="mt-2 text-sm text-muted-foreground">No invoices yet.</p>
          ) : (
            <ul className="mt-2 divide-y divide-border">
              {data.invoices.map((invoice) => (
                <li key={invoice.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                  <span className="text-sm">
                    <span className="font-semibold text-navy-950">{invoiceLabel(invoice.number)}</span>
                    <span className="text-muted-foreground">
                      {' '}
                      · {formatDate(invoice.issuedAt)} · {formatPrice(invoice.totalPence, 'pence')} ·{' '}
                      {invoice.paid ? 'paid' : 'unpaid'}
                    </span>
                  </span>
                  <Button asChild variant="ghost" size="sm">
                    <a href={invoiceUrl(invoice.id)} download>
                      <FileText aria-hidden="true" />
                      Download {invoice.paid ? 'receipt' : 'invoice'}
                    </a>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </Card>
      </main>
    </div>
  );
}

function OrderCard({ order }: { order: TeamOrderSummary }) {
  const free = Math.max(0, order.seats - order.assigned);
  return (
    <Card className="flex flex-col gap-4 p-5 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-bold text-navy-950">{order.courseTitle}</h3>
          <p className="text-sm text-muted-foreground">
            {order.assigned} of {order.seats} seats assigned
            {order.invoice ? ` · ${invoiceLabel(order.invoice.number)}` : ''}
          </p>
        </div>
        <OrderStatusBadge status={order.status} />
      </div>
      {order.status === 'paid' ? (
        <>
          <AssignSeatsForm orderId={order.id} free={free} />
          <BuyMoreSeats order={order} />
        </>
      ) : (
        <p className="text-sm text-muted-foreground">Seats can be assigned once the invoice is paid.</p>
      )}
    </Card>
  );
}
