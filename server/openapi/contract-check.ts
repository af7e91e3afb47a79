/**
 * The document's response schemas and the contract's types (server/contract/types.ts, which the app
 * imports) must describe the same shapes: each line fails `npm run typecheck` when they drift apart.
 */
import type { z } from 'zod';
import type * as C from '../contract/types.ts';
import type * as S from './schemas.ts';

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Out<T extends z.ZodType> = z.output<T>;

export const CONTRACT_MATCHES_DOCUMENT: {
  ApiError: Same<Out<typeof S.ApiError>, C.ApiError>;
  TokenResponse: Same<Out<typeof S.TokenResponse>, C.TokenResponse>;
  Country: Same<Out<typeof S.Country>, C.Country>;
  User: Same<Out<typeof S.User>, C.User>;
  UploadedFile: Same<Out<typeof S.UploadedFile>, C.UploadedFile>;
  Category: Same<Out<typeof S.Category>, C.Category>;
  Brand: Same<Out<typeof S.Brand>, C.Brand>;
  BrandPage: Same<Out<typeof S.BrandPage>, C.BrandPage>;
  PayResponse: Same<Out<typeof S.PayResponse>, C.PayResponse>;
  WalletItem: Same<Out<typeof S.WalletItem>, C.WalletItem>;
  BalanceEvent: Same<Out<typeof S.BalanceEvent>, C.BalanceEvent>;
  BalanceEventResult: Same<Out<typeof S.BalanceEventResult>, C.BalanceEventResult>;
  OrderStatus: Same<Out<typeof S.OrderStatus>, C.OrderStatus>;
  Order: Same<Out<typeof S.Order>, C.Order>;
  OrderPage: Same<Out<typeof S.OrderPage>, C.Paged<C.Order>>;
  Project: Same<Out<typeof S.Project>, C.Project>;
  DonateResponse: Same<Out<typeof S.DonateResponse>, C.DonateResponse>;
  TargetItem: Same<Out<typeof S.TargetItem>, C.TargetItem>;
  SavingsSummary: Same<Out<typeof S.SavingsSummary>, C.SavingsSummary>;
  ContributionSummary: Same<Out<typeof S.ContributionSummary>, C.ContributionSummary>;
  Transaction: Same<Out<typeof S.Transaction>, C.Transaction>;
  RewardClaim: Same<Out<typeof S.RewardClaim>, C.RewardClaim>;
  ShoppingTrip: Same<Out<typeof S.ShoppingTrip>, C.ShoppingTrip>;
  FondoJourney: Same<Out<typeof S.FondoJourney>, C.FondoJourney>;
  Health: Same<Out<typeof S.Health>, C.Health>;
  PrivacySettings: Same<Out<typeof S.PrivacySettings>, C.PrivacySettings>;
  SignedInDevice: Same<Out<typeof S.SignedInDevice>, C.SignedInDevice>;
  PartnerConversionResult: Same<Out<typeof S.PartnerConversionResult>, C.PartnerConversionResult>;
  OperatorClaim: Same<Out<typeof S.OperatorClaim>, C.OperatorClaim>;
  OperatorConversion: Same<Out<typeof S.OperatorConversion>, C.OperatorConversion>;
  OperatorAction: Same<Out<typeof S.OperatorAction>, C.OperatorAction>;
  PushKey: Same<Out<typeof S.PushKey>, C.PushKey>;
  NotificationSettings: Same<Out<typeof S.NotificationSettings>, C.NotificationSettings>;
  InboxNotification: Same<Out<typeof S.InboxNotification>, C.InboxNotification>;
  InboxPage: Same<Out<typeof S.InboxPage>, C.InboxPage>;
} = {
  ApiError: true, TokenResponse: true, Country: true, User: true, UploadedFile: true, Category: true, Brand: true,
  BrandPage: true, PayResponse: true, WalletItem: true, BalanceEvent: true, BalanceEventResult: true, OrderStatus: true,
  Order: true, OrderPage: true, Project: true, DonateResponse: true, TargetItem: true, SavingsSummary: true,
  ContributionSummary: true, Transaction: true, RewardClaim: true, ShoppingTrip: true, FondoJourney: true, Health: true,
  PrivacySettings: true, SignedInDevice: true, PartnerConversionResult: true, OperatorClaim: true,
  OperatorConversion: true, OperatorAction: true, PushKey: true, NotificationSettings: true, InboxNotification: true,
  InboxPage: true,
};
