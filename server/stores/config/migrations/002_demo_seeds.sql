-- Which demo seeders have run on this data dir (each runs once).
CREATE TABLE demo_seeds (
  name       TEXT PRIMARY KEY,
  seeded_at  TIMESTAMPTZ NOT NULL DEFAULT now()
);
