ALTER TABLE "tenants" ADD COLUMN "address_street" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "address_city" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "address_state" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "address_postal_code" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "employer_registration" text;