CREATE TABLE "patient_sublabels" (
	"tenant_id" uuid NOT NULL,
	"sublabel_id" text NOT NULL,
	"patient_id" uuid NOT NULL,
	CONSTRAINT "patient_sublabels_tenant_id_sublabel_id_patient_id_pk" PRIMARY KEY("tenant_id","sublabel_id","patient_id")
);
--> statement-breakpoint
ALTER TABLE "patient_sublabels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "patient_sublabels_patient_idx" ON "patient_sublabels" USING btree ("tenant_id","patient_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "patient_sublabels" AS PERMISSIVE FOR ALL TO "salud_app" USING (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid)) WITH CHECK (tenant_id = (select nullif(current_setting('app.tenant_id', true), '')::uuid));--> statement-breakpoint
-- Decision 0048: a patient's sublabel rows follow their `special_sublabel_ids` in the statement
-- that writes the patient (statement-level, so a bulk load writes each patient's rows once). An
-- update replaces the rows of every patient it wrote: most carry none, and a row's whole content
-- is the patient's own list, so nothing else can make it stale.
CREATE FUNCTION "write_patient_sublabels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM "public"."patient_sublabels" AS s
     USING written AS w
     WHERE s.tenant_id = w.tenant_id AND s.patient_id = w.id;
  END IF;
  INSERT INTO "public"."patient_sublabels" (tenant_id, sublabel_id, patient_id)
  SELECT DISTINCT w.tenant_id, e.id, w.id
    FROM written AS w
   CROSS JOIN LATERAL jsonb_array_elements_text(
     CASE WHEN jsonb_typeof(w.special_sublabel_ids) = 'array' THEN w.special_sublabel_ids ELSE '[]'::jsonb END) AS e(id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "patient_sublabels_after_patient_insert" AFTER INSERT ON "patients"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "write_patient_sublabels"();--> statement-breakpoint
CREATE TRIGGER "patient_sublabels_after_patient_update" AFTER UPDATE ON "patients"
  REFERENCING NEW TABLE AS written FOR EACH STATEMENT EXECUTE FUNCTION "write_patient_sublabels"();--> statement-breakpoint
-- The patients already here.
INSERT INTO "patient_sublabels" (tenant_id, sublabel_id, patient_id)
SELECT DISTINCT p.tenant_id, e.id, p.id
  FROM "patients" AS p
 CROSS JOIN LATERAL jsonb_array_elements_text(
   CASE WHEN jsonb_typeof(p.special_sublabel_ids) = 'array' THEN p.special_sublabel_ids ELSE '[]'::jsonb END) AS e(id);
