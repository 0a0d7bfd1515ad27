import { useEffect, useState } from 'react';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { feature } from 'topojson-client';

export type CountryFeature = Feature<Geometry, { name: string }>;

let countries: Promise<CountryFeature[]> | null = null;

/**
 * Country shapes of world-atlas (1:50m, which still has small countries such as Singapore and
 * Hong Kong), loaded on first use as a separate chunk and kept for the page's lifetime.
 */
export function loadCountries(): Promise<CountryFeature[]> {
  countries ??= import('world-atlas/countries-50m.json?raw').then((m) => {
    const topo = JSON.parse(m.default) as Topology<{ countries: GeometryCollection<{ name: string }> }>;
    const fc = feature(topo, topo.objects.countries) as FeatureCollection<Geometry, { name: string }>;
    return fc.features;
  });
  return countries;
}

const ANTARCTICA = '010';

/** The country shapes once loaded (null until then); without Antarctica but where `withAntarctica`. */
export function useCountries(withAntarctica = false): CountryFeature[] | null {
  const [features, setFeatures] = useState<CountryFeature[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadCountries().then((f) => live && setFeatures(withAntarctica ? f : f.filter((c) => c.id !== ANTARCTICA)));
    return () => {
      live = false;
    };
  }, [withAntarctica]);
  return features;
}
