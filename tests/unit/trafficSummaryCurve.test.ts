import { describe, expect, it } from 'vitest';
import type { CountDetail, RequestCurvePoint } from '../../common/wire/traffic/index';
import { offlineCurve, onlineCurve, toTimePoints } from '../../resources/traffic/analysis/tabs/curves';

const classes = { statusCode0: 0, statusCode1: 0, statusCode2: 0, statusCode3: 0, statusCode4: 0, statusCode5: 0 };
const T = 1_778_720_400;

/** What the analysis summary chart draws: requests and bandwidth per bucket, from two series. */
describe('summary curve', () => {
  it('real-time: requests from the database curve, bandwidth from the bandwidth/flow search, merged by time', () => {
    const db: RequestCurvePoint[] = [
      { recordTime: T, request: 777, hit: 700, miss: 77, flow: 1, status: classes },
      { recordTime: T + 300, request: 5, hit: 5, miss: 0, flow: 1, status: classes },
    ];
    const band = {
      bandAndFlowList: [
        { timestamp: T + 300, flow: 1_961_250_000, bandwidth: 52_300_000 },
        { timestamp: T + 600, flow: 37_500, bandwidth: 1_000 },
      ],
      totalFlow: 1_961_287_500,
    };
    expect(onlineCurve(db, band)).toEqual([
      { recordTime: T, request: 777, bandwidth: 0 },
      { recordTime: T + 300, request: 5, bandwidth: 52_300_000 },
      { recordTime: T + 600, request: 0, bandwidth: 1_000 },
    ]);
    // Before the bandwidth search answers, the requests are drawn alone.
    expect(onlineCurve(db, undefined).map((p) => p.bandwidth)).toEqual([0, 0]);
  });

  it('offline: requests (listTC) and bandwidth (listBT) of the count call', () => {
    const count = {
      count: {} as CountDetail['count'],
      listTC: [{ recordTime: T, request: 9, hit: 9, miss: 0, status: classes }],
      listBT: [{ recordTime: T, flow: 3_750, bandwidth: 100 }],
    } satisfies CountDetail;
    expect(offlineCurve(count)).toEqual([{ recordTime: T, request: 9, bandwidth: 100 }]);
  });

  it('chart points are in milliseconds, sorted, inside the range', () => {
    const points = toTimePoints(
      [
        { recordTime: T + 300, request: 2, bandwidth: 20 },
        { recordTime: T, request: 1, bandwidth: 10 },
        { recordTime: T + 3600, request: 3, bandwidth: 30 },
      ],
      { start: new Date(T * 1000), end: new Date((T + 600) * 1000) },
      (p) => ({ request: p.request, bandwidth: p.bandwidth }),
    );
    expect(points).toEqual([
      { time: T * 1000, request: 1, bandwidth: 10 },
      { time: (T + 300) * 1000, request: 2, bandwidth: 20 },
    ]);
  });
});
