import {
  analystsQuery,
  analystsReply,
  companiesQuery,
  companiesReply,
  countriesQuery,
  countriesReply,
  keyChartsQuery,
  keyChartsReply,
  ourPeopleReply,
  sectorsQuery,
  sectorsReply,
} from '@portal/contract';
import type { App } from '../types.ts';
import { errorResponses, tableRoute } from './api-route.ts';

/** Subject pages: analysts, Our People, companies, countries and regions, sectors, key charts. */
export const catalogueRoutes = (app: App) => {
  const { catalogue, entitlements } = app.services;

  app.route({
    ...tableRoute('GET /analysts'),
    schema: { querystring: analystsQuery, response: { 200: analystsReply, ...errorResponses } },
    handler: async (request) => ({ data: await catalogue.analysts(request.query) }),
  });

  app.route({
    ...tableRoute('GET /overall/ourPeople'),
    schema: { response: { 200: ourPeopleReply, ...errorResponses } },
    handler: async () => catalogue.ourPeople(),
  });

  app.route({
    ...tableRoute('GET /companies'),
    schema: { querystring: companiesQuery, response: { 200: companiesReply, ...errorResponses } },
    handler: async (request) => ({ data: await catalogue.companies(request.query) }),
  });

  app.route({
    ...tableRoute('GET /countries'),
    schema: { querystring: countriesQuery, response: { 200: countriesReply, ...errorResponses } },
    handler: async (request) => catalogue.countries(request.query),
  });

  app.route({
    ...tableRoute('GET /sectors'),
    schema: { querystring: sectorsQuery, response: { 200: sectorsReply, ...errorResponses } },
    handler: async (request) => {
      const entitlement = await entitlements.entitlementFor(request.session?.user ?? null);
      return { data: await catalogue.sectors(request.query, entitlement) };
    },
  });

  app.route({
    ...tableRoute('GET /keycharts'),
    schema: { querystring: keyChartsQuery, response: { 200: keyChartsReply, ...errorResponses } },
    handler: async (request) => ({ data: await catalogue.keyCharts(request.query.sectorId) }),
  });
};
