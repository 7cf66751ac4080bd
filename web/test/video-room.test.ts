/**
 * The video room's pure rules (docs/product.md#video-room): the SDP session id that tells a fresh connection
 * of the other side, the connection-quality levels, the countdown text, and the Italian help per browser
 * when camera and microphone are refused.
 */
import { describe, expect, it } from 'vitest';
import { qualityLevel, sdpSessionId } from '../src/features/video/call/peer-call';
import { browserKind, mediaProblemOf, permissionHelp } from '../src/features/video/media/devices';
import { countdownText } from '../src/features/video/components/countdown';

describe('video room', () => {
  it('reads the session id of an SDP origin line, and nothing from a text without one', () => {
    const sdp = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\n';
    expect(sdpSessionId(sdp)).toBe('4611731400430051336');
    expect(sdpSessionId('v=0\r\ns=-\r\n')).toBeNull();
  });

  it('grades the connection by round trip and loss', () => {
    expect(qualityLevel(null, null)).toBe('unknown');
    expect(qualityLevel(40, 0)).toBe('good');
    expect(qualityLevel(250, 0)).toBe('fair');
    expect(qualityLevel(40, 3)).toBe('fair');
    expect(qualityLevel(500, 0)).toBe('poor');
    expect(qualityLevel(40, 10)).toBe('poor');
  });

  it('counts down in minutes and seconds, in hours beyond an hour, never below zero', () => {
    expect(countdownText(65_000)).toBe('01:05');
    expect(countdownText(3_600_000 + 5 * 60_000)).toBe('1 h 05 min');
    expect(countdownText(-1_000)).toBe('00:00');
  });

  it('names the browser and gives its own steps when permission is denied', () => {
    expect(browserKind('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/130.0 Safari/537.36')).toBe(
      'chrome',
    );
    expect(
      browserKind('Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 Chrome/130.0 Safari/537.36 Edg/130.0'),
    ).toBe('edge');
    expect(browserKind('Mozilla/5.0 (X11; Linux x86_64; rv:131.0) Gecko/20100101 Firefox/131.0')).toBe(
      'firefox',
    );
    expect(
      browserKind(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('safari');
    expect(
      browserKind('Mozilla/5.0 (Linux; Android 14) SamsungBrowser/25.0 Chrome/121.0 Mobile Safari/537.36'),
    ).toBe('samsung');
    const steps = new Set(
      ['chrome', 'firefox', 'safari', 'samsung', 'other'].map(
        (kind) => permissionHelp(kind as never).steps[0],
      ),
    );
    expect(steps.size).toBe(5);
    expect(permissionHelp('safari').browser).toBe('Safari');
  });

  it('tells a refusal from a missing or busy device', () => {
    expect(mediaProblemOf(new DOMException('x', 'NotAllowedError'))).toBe('denied');
    expect(mediaProblemOf(new DOMException('x', 'NotFoundError'))).toBe('notFound');
    expect(mediaProblemOf(new DOMException('x', 'NotReadableError'))).toBe('inUse');
    expect(mediaProblemOf(new Error('?'))).toBe('unknown');
  });
});
