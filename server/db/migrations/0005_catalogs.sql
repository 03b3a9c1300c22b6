CREATE TABLE "affected_systems" (
	"code" text PRIMARY KEY NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blood_pressure_ranges" (
	"code" text PRIMARY KEY NOT NULL,
	"name_es" text NOT NULL,
	"name_en" text NOT NULL,
	"systolic_min" integer,
	"systolic_max" integer,
	"diastolic_min" integer,
	"diastolic_max" integer,
	"color" text NOT NULL,
	"sort" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalog_versions" (
	"catalog" text PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnoses" (
	"code" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"chapter" text NOT NULL,
	"affected_system_code" text NOT NULL,
	"search_text" text NOT NULL
);
--> statement-breakpoint
-- Rows already there (none are loaded before the catalog import exists) get an empty search text.
ALTER TABLE "localities" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "localities" ALTER COLUMN "search_text" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "diagnoses" ADD CONSTRAINT "diagnoses_affected_system_code_affected_systems_code_fk" FOREIGN KEY ("affected_system_code") REFERENCES "public"."affected_systems"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnoses_affected_system_idx" ON "diagnoses" USING btree ("affected_system_code");--> statement-breakpoint
-- The reference catalogs are shared by every tenant: the API reads them, and the seed and the
-- catalog import add and update rows, but nothing deletes them.
REVOKE DELETE ON "federal_entities", "municipalities", "localities", "nationalities", "reference_items", "blood_pressure_ranges", "affected_systems", "diagnoses", "catalog_versions" FROM salud_app;
