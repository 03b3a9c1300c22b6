ALTER TABLE "users" ADD COLUMN "title_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "professional_license" text;