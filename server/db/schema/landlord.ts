import { boolean, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { timestamps } from './columns'

/**
 * Client companies. A landlord table: no tenant_id, replicated to every node under Citus.
 * The tenant is found by `slug` (`<slug>.<BASE_DOMAIN>`) or by `custom_host`.
 */
export const tenants = pgTable('tenants', {
  id: uuid('id').primaryKey(),
  slug: text('slug').notNull().unique(),
  customHost: text('custom_host').unique(),
  tradeName: text('trade_name').notNull(),
  businessName: text('business_name').notNull(),
  rfc: text('rfc'),
  logoUrl: text('logo_url'),
  /** The clinic's address and phone, printed under its name on its documents (letterhead). */
  addressStreet: text('address_street'),
  /** City or municipality. */
  addressCity: text('address_city'),
  addressState: text('address_state'),
  addressPostalCode: text('address_postal_code'),
  phone: text('phone'),
  /** Registro patronal: the employer's IMSS registration, on the occupational documents. */
  employerRegistration: text('employer_registration'),
  primaryColor: text('primary_color'),
  /** 0 = passwords never expire, 1–12 = months (SPEC §9). */
  passwordExpiryMonths: integer('password_expiry_months').notNull().default(0),
  /** The administrative statuses patients of this tenant may take (SPEC §4); empty = all. */
  availableAdministrativeStatuses: jsonb('available_administrative_statuses')
    .$type<string[]>()
    .notNull()
    .default([]),
  /** Inputs of the forms the tenant switched off (the editable-inputs catalogue). */
  disabledInputs: jsonb('disabled_inputs').$type<string[]>().notNull().default([]),
  active: boolean('active').notNull().default(true),
  ...timestamps,
})

/** Provider-side users (the landlord host). */
export const landlordUsers = pgTable('landlord_users', {
  id: uuid('id').primaryKey(),
  email: text('email').notNull().unique(),
  name: text('name').notNull(),
  passwordHash: text('password_hash').notNull(),
  active: boolean('active').notNull().default(true),
  ...timestamps,
})
