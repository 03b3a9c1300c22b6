import * as v from 'valibot'

/**
 * The clinic's address and phone as its documents print them under its name (the letterhead);
 * each part null when the tenant has not given it.
 */
export const TenantAddress = v.object({
  street: v.nullable(v.string()),
  /** City or municipality. */
  city: v.nullable(v.string()),
  state: v.nullable(v.string()),
  postal_code: v.nullable(v.string()),
  phone: v.nullable(v.string()),
})
export type TenantAddress = v.InferOutput<typeof TenantAddress>

/** What a tenant host shows before anyone signs in: enough for the login page (SPEC §2). */
export const PublicTenantConfiguration = v.object({
  tenant: v.object({
    slug: v.string(),
    name: v.string(),
    logoUrl: v.nullable(v.string()),
    primaryColor: v.nullable(v.string()),
  }),
  sso: v.object({
    has_sso_configured: v.boolean(),
    sso_url: v.nullable(v.string()),
    business_name: v.nullable(v.string()),
  }),
  is_landlord: v.boolean(),
  /** Only for a signed-in caller of this tenant (SPEC §7: the call works before and after login). */
  settings: v.optional(
    v.object({
      password_expiry_months: v.number(),
      available_administrative_statuses: v.array(v.string()),
      disabled_inputs: v.array(v.string()),
      business_name: v.string(),
      address: TenantAddress,
      /** Registro patronal: the employer's IMSS registration. */
      employer_registration: v.nullable(v.string()),
    }),
  ),
})
export type PublicTenantConfiguration = v.InferOutput<typeof PublicTenantConfiguration>
