-- Issue 18: a patient's subgroups were names typed freely; they become items of the tenant's
-- subgroups catalogue (docs/decisions/0018-catalogues.md). Each tenant whose patients carry
-- names gets a subgroup "Subgrupos" with one item per distinct name (folded as the API folds
-- names: no accents, lower case, single spaces), and its patients carry the items' ids. Each
-- patient changed moves its version and enters the change feed, so devices pull it again.
CREATE FUNCTION pg_temp.fold_name(name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT btrim(regexp_replace(lower(regexp_replace(normalize(name, NFD), '[\u0300-\u036f]', '', 'g')), '\s+', ' ', 'g'))
$$;
--> statement-breakpoint
INSERT INTO "catalogue_entries" ("tenant_id", "id", "catalogue", "name", "name_key", "position")
SELECT t.tenant_id, gen_random_uuid(), 'subgroups', 'Subgrupos', 'subgrupos',
       coalesce((SELECT max(e.position) + 1 FROM "catalogue_entries" e
                  WHERE e.tenant_id = t.tenant_id AND e.catalogue = 'subgroups' AND e.deleted_at IS NULL), 0)
  FROM (SELECT DISTINCT tenant_id FROM "patients" WHERE jsonb_array_length(subgroups) > 0) t
ON CONFLICT DO NOTHING;
--> statement-breakpoint
INSERT INTO "catalogue_entries" ("tenant_id", "id", "catalogue", "name", "name_key", "parent_id", "position")
SELECT n.tenant_id, gen_random_uuid(), 'subgroups.items', n.name, n.name_key, s.id,
       (row_number() OVER (PARTITION BY n.tenant_id ORDER BY n.name_key) - 1)::int
  FROM (SELECT tenant_id, min(name) AS name, name_key
          FROM (SELECT p.tenant_id, btrim(e.name) AS name, pg_temp.fold_name(e.name) AS name_key
                  FROM "patients" p, jsonb_array_elements_text(p.subgroups) AS e(name)
                 WHERE btrim(e.name) <> '') named
         GROUP BY tenant_id, name_key) n
  JOIN "catalogue_entries" s
    ON s.tenant_id = n.tenant_id AND s.catalogue = 'subgroups' AND s.name_key = 'subgrupos' AND s.deleted_at IS NULL
ON CONFLICT DO NOTHING;
--> statement-breakpoint
UPDATE "patients" p
   SET subgroups = coalesce((
         SELECT jsonb_agg(DISTINCT i.id::text)
           FROM jsonb_array_elements_text(p.subgroups) AS e(name)
           JOIN "catalogue_entries" s
             ON s.tenant_id = p.tenant_id AND s.catalogue = 'subgroups' AND s.name_key = 'subgrupos'
            AND s.deleted_at IS NULL
           JOIN "catalogue_entries" i
             ON i.tenant_id = p.tenant_id AND i.catalogue = 'subgroups.items' AND i.parent_id = s.id
            AND i.name_key = pg_temp.fold_name(e.name) AND i.deleted_at IS NULL), '[]'::jsonb),
       version = p.version + 1,
       updated_at = now()
 WHERE jsonb_array_length(p.subgroups) > 0;
--> statement-breakpoint
INSERT INTO "change_log" ("tenant_id", "entity", "entity_id", "op", "version", "patient_id")
SELECT p.tenant_id, 'patient', p.id, 'upsert', p.version, p.id
  FROM "patients" p
 WHERE jsonb_array_length(p.subgroups) > 0 AND p.deleted_at IS NULL;
--> statement-breakpoint
INSERT INTO "tenant_catalog_versions" ("tenant_id", "catalog", "version")
SELECT DISTINCT tenant_id, 'subgroups', 1 FROM "catalogue_entries" WHERE catalogue = 'subgroups'
ON CONFLICT ("tenant_id", "catalog") DO UPDATE SET version = "tenant_catalog_versions".version + 1, updated_at = now();
