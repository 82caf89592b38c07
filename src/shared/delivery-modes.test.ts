import { describe, expect, it } from 'vitest';
import { DELIVERY_MODE_LABELS, isDelivered, isPickup, STORE_SERVICE_LABELS } from './delivery-modes.ts';

describe('the delivery modes', () => {
  it('are named in Italian, the drive written as a store service on store pages', () => {
    expect(DELIVERY_MODE_LABELS).toEqual({
      IN_STORE: 'Ritiro in negozio',
      DRIVE: 'Ritiro drive',
      AT_HOME: 'Consegna a domicilio',
      SHIPPED: 'Spedizione',
    });
    expect(STORE_SERVICE_LABELS.DRIVE).toBe('Ritiro Drive');
    expect(STORE_SERVICE_LABELS.AT_HOME).toBe(DELIVERY_MODE_LABELS.AT_HOME);
  });

  it('are either collected at the store or brought to an address', () => {
    const modes = Object.keys(DELIVERY_MODE_LABELS);
    expect(modes.filter(isPickup)).toEqual(['IN_STORE', 'DRIVE']);
    expect(modes.filter(isDelivered)).toEqual(['AT_HOME', 'SHIPPED']);
  });
});
