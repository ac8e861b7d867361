import { useQuery } from '@tanstack/react-query';
import { apiJson } from '#client/lib/api-client.ts';
import type {
  AdminDiscountCode,
  CreateDiscountCodeInput,
  SeatTier,
  SeatTiers,
} from '#shared/schemas/discounts.ts';

// Discount codes and team price tiers in the console (docs/product.md#discount-codes-and-team-prices).

export const discountKeys = {
  codes: ['/api/admin/discount-codes'] as const,
  tiers: (courseId: string) => ['/api/admin/courses', courseId, 'seat-tiers'] as const,
};

export const useDiscountCodes = () =>
  useQuery<{ items: AdminDiscountCode[] }>({ queryKey: discountKeys.codes });
export const useSeatTiers = (courseId: string) =>
  useQuery<SeatTiers>({ queryKey: discountKeys.tiers(courseId), enabled: Boolean(courseId) });

export const discountsApi = {
  createCode: (body: CreateDiscountCodeInput) =>
    apiJson<{ id: string }>('POST', '/api/admin/discount-codes', body),
  disableCode: (id: string) => apiJson<AdminDiscountCode>('POST', `/api/admin/discount-codes/${id}/disable`),
  saveTiers: (courseId: string, tiers: SeatTier[]) =>
    apiJson<SeatTiers>('PUT', `/api/admin/courses/${courseId}/seat-tiers`, { tiers }),
};
