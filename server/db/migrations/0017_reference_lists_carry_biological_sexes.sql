-- The reference lists a device caches now carry the biological sexes (its documents print the
-- patient's sex from them): a server that already holds the lists moves their version, so every
-- device fetches them again. On a new database the table is still empty here (the seed fills it).
UPDATE "catalog_versions" SET "version" = "version" + 1, "updated_at" = now() WHERE "catalog" = 'reference-lists';
