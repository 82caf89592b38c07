// The demo catalogue's category tree and product names, laid out like the
// shelves of a southern Italian supermarket. Ids follow position: the n-th
// top-level department is '0n', its children '0n01'…, their children
// '0n0101'…; Surgelati must be fourth, so its ids start with '04' (docs/product.md §9).
import type { ProfileKey } from './profiles.ts';

/** [description, profile, product bases, pack sizes (PZ only)] */
export type Leaf = readonly [string, ProfileKey, readonly string[], readonly string[]];
interface Aisle {
  description: string;
  leaves: readonly Leaf[];
}
export interface Department {
  description: string;
  aisles: readonly Aisle[];
}

export const departments: readonly Department[] = [
  {
    description: 'Frutta e verdura',
    aisles: [
      {
        description: 'Frutta',
        leaves: [
          [
            'Mele e pere',
            'fruit',
            [
              'Mele Golden',
              'Mele Fuji',
              'Mele Granny Smith',
              'Mele Red Delicious',
              'Mele Annurca',
              'Pere Abate',
              'Pere Williams',
              'Pere Kaiser',
            ],
            [],
          ],
          [
            'Agrumi',
            'fruit',
            ['Arance Tarocco', 'Arance Navel', 'Limoni', 'Mandarini', 'Clementine', 'Pompelmi rosa'],
            [],
          ],
          ['Frutta esotica', 'fruit', ['Banane', 'Ananas', 'Kiwi', 'Mango', 'Avocado', 'Papaya', 'Lime'], []],
          [
            'Frutta di stagione',
            'fruit',
            [
              'Fragole',
              'Ciliegie Ferrovia',
              'Albicocche',
              'Pesche gialle',
              'Uva Italia',
              'Fichi',
              'Meloni retati',
              'Angurie',
            ],
            [],
          ],
        ],
      },
      {
        description: 'Verdura',
        leaves: [
          [
            'Ortaggi',
            'veg',
            [
              'Pomodori ciliegino',
              'Pomodori datterini',
              'Pomodori San Marzano',
              'Zucchine',
              'Melanzane',
              'Peperoni rossi',
              'Peperoni gialli',
              'Cetrioli',
            ],
            [],
          ],
          [
            'Insalate',
            'veg',
            ['Lattuga romana', 'Rucola', 'Insalata iceberg', 'Radicchio', 'Scarola', 'Indivia riccia'],
            [],
          ],
          [
            'Verdure a foglia e cavoli',
            'veg',
            ['Cime di rapa', 'Spinaci', 'Bietole', 'Cicoria', 'Broccoli', 'Cavolfiore', 'Cavolo cappuccio', 'Finocchi'],
            [],
          ],
          [
            'Patate, cipolle e aglio',
            'veg',
            ['Patate a pasta gialla', 'Patate novelle', 'Cipolle dorate', 'Cipolle rosse', 'Aglio bianco', 'Porri'],
            [],
          ],
        ],
      },
      {
        description: 'Erbe, funghi e legumi freschi',
        leaves: [
          [
            'Erbe aromatiche',
            'herbs',
            ['Basilico', 'Prezzemolo', 'Rosmarino', 'Menta', 'Salvia'],
            ['vaschetta 30 g', 'mazzo 50 g'],
          ],
          ['Funghi', 'veg', ['Funghi champignon', 'Funghi cardoncelli', 'Funghi pleurotus', 'Funghi porcini'], []],
          ['Legumi freschi', 'veg', ['Fave fresche', 'Piselli freschi', 'Fagiolini', 'Taccole'], []],
        ],
      },
      {
        description: 'Frutta secca e pronti',
        leaves: [
          [
            'Frutta secca',
            'nuts',
            ['Mandorle sgusciate', 'Noci', 'Nocciole tostate', 'Pistacchi', 'Arachidi tostate', 'Fichi secchi'],
            ['200 g', '250 g', '500 g'],
          ],
          [
            'Insalate pronte',
            'readySalad',
            ['Insalata mista lavata', 'Misticanza', 'Rucola lavata', 'Songino lavato', 'Lattughino lavato'],
            ['125 g', '200 g'],
          ],
          [
            'Verdure pronte da cuocere',
            'readySalad',
            ['Minestrone fresco', 'Verdure per zuppa', 'Cime di rapa pulite', 'Carote a bastoncino'],
            ['400 g', '600 g'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Macelleria',
    aisles: [
      {
        description: 'Bovino',
        leaves: [
          [
            'Bistecche e tagliate',
            'meat',
            ['Bistecca di scottona', 'Tagliata di manzo', 'Entrecôte di bovino', 'Filetto di bovino'],
            [],
          ],
          [
            'Fettine e spezzatino',
            'meat',
            ['Fettine di vitello', 'Spezzatino di bovino', 'Girello di vitello', 'Fesa di vitello'],
            [],
          ],
          [
            'Macinato e hamburger',
            'meat',
            ['Macinato scelto di bovino', 'Hamburger di scottona', 'Polpette di manzo', 'Macinato misto'],
            [],
          ],
        ],
      },
      {
        description: 'Suino',
        leaves: [
          [
            'Braciole e lonza',
            'meat',
            ['Braciole di maiale', 'Lonza di suino', 'Filetto di maiale', 'Capocollo fresco'],
            [],
          ],
          [
            'Salsiccia',
            'meat',
            ['Salsiccia a punta di coltello', 'Salsiccia al finocchietto', 'Zampina', 'Salsiccia piccante'],
            [],
          ],
          [
            'Costine e arrosti',
            'meat',
            ['Costine di maiale', 'Arista di suino', 'Stinco di maiale', 'Pancetta fresca'],
            [],
          ],
        ],
      },
      {
        description: 'Pollo e tacchino',
        leaves: [
          [
            'Petto e cosce di pollo',
            'meat',
            ['Petto di pollo', 'Fusi di pollo', 'Cosce di pollo', 'Sovracosce di pollo'],
            [],
          ],
          ['Tacchino', 'meat', ['Fesa di tacchino', 'Fettine di tacchino', 'Arrosto di tacchino'], []],
          ['Pollo intero e ali', 'meat', ['Pollo intero', 'Ali di pollo', 'Galletto', 'Pollo ruspante'], []],
        ],
      },
      {
        description: 'Agnello, equino e preparati',
        leaves: [
          ['Agnello', 'meat', ['Costolette di agnello', "Cosciotto d'agnello", 'Spalla di agnello'], []],
          ['Carne equina', 'meat', ['Fettine di cavallo', 'Macinato di cavallo', 'Braciole di cavallo'], []],
          [
            'Preparati e spiedini',
            'meat',
            ['Bombette pugliesi', 'Spiedini misti', 'Involtini di vitello', 'Gnummareddi'],
            [],
          ],
        ],
      },
    ],
  },
  {
    description: 'Pescheria',
    aisles: [
      {
        description: 'Pesce fresco',
        leaves: [
          ['Pesce azzurro', 'fish', ['Alici', 'Sarde', 'Sgombri', 'Lampughe', 'Aguglie'], []],
          ['Pesce bianco', 'fish', ['Merluzzo', 'Triglie', 'Scorfano', 'Pesce San Pietro', 'Sogliole'], []],
          ['Pesce di allevamento', 'fish', ['Orate', 'Spigole', 'Ombrine', 'Trota salmonata'], []],
        ],
      },
      {
        description: 'Molluschi e crostacei',
        leaves: [
          ['Cozze e vongole', 'shellfish', ['Cozze nere', 'Vongole veraci', 'Fasolari', 'Cannolicchi'], []],
          ['Polpi, seppie e calamari', 'shellfish', ['Polpo verace', 'Seppie', 'Calamari', 'Moscardini'], []],
          ['Gamberi e scampi', 'crustacean', ['Gamberi rosa', 'Gamberoni rossi', 'Scampi', 'Mazzancolle'], []],
        ],
      },
      {
        description: 'Pesce pronto',
        leaves: [
          [
            'Filetti e tranci',
            'fish',
            ['Filetti di orata', 'Tranci di pesce spada', 'Filetti di spigola', 'Tranci di salmone'],
            [],
          ],
          [
            'Pesce affumicato',
            'smoked',
            ['Salmone affumicato', 'Pesce spada affumicato', 'Tonno affumicato'],
            ['100 g', '200 g'],
          ],
          [
            'Insalate di mare',
            'seafoodSalad',
            ['Insalata di mare', 'Polpo in insalata', 'Alici marinate'],
            ['200 g', '300 g'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Surgelati',
    aisles: [
      {
        description: 'Verdure surgelate',
        leaves: [
          [
            'Verdure',
            'frozenVeg',
            ['Spinaci a cubetti', 'Piselli finissimi', 'Fagiolini fini', 'Carciofi a spicchi', 'Friarielli'],
            ['450 g', '750 g', '1 kg'],
          ],
          [
            'Minestroni e zuppe',
            'frozenVeg',
            ['Minestrone 14 verdure', 'Zuppa di legumi', 'Zuppa contadina'],
            ['600 g', '1 kg'],
          ],
          [
            'Patatine',
            'frozenVeg',
            ['Patatine fritte classiche', 'Patatine stick', 'Patate a spicchi', 'Crocchette di patate'],
            ['750 g', '1 kg', '2,5 kg'],
          ],
        ],
      },
      {
        description: 'Pesce surgelato',
        leaves: [
          [
            'Filetti di pesce',
            'frozenFish',
            ['Filetti di merluzzo', 'Filetti di platessa', 'Tranci di pesce spada', 'Filetti di salmone'],
            ['400 g', '600 g'],
          ],
          [
            'Bastoncini e panati',
            'frozenFish',
            ['Bastoncini di merluzzo', 'Fishburger', 'Cotolette di pesce'],
            ['300 g', '450 g', '750 g'],
          ],
          [
            'Frutti di mare',
            'frozenFish',
            ['Gamberetti sgusciati', 'Preparato per risotto alla pescatora', 'Anelli di totano', 'Cozze sgusciate'],
            ['300 g', '500 g'],
          ],
        ],
      },
      {
        description: 'Piatti pronti surgelati',
        leaves: [
          [
            'Pizze',
            'frozenReady',
            ['Pizza margherita', 'Pizza capricciosa', 'Pizza ai quattro formaggi', 'Pizza diavola', 'Focaccia barese'],
            ['330 g', '2 x 330 g'],
          ],
          [
            'Primi piatti',
            'frozenReady',
            [
              'Lasagne alla bolognese',
              'Cannelloni ricotta e spinaci',
              'Orecchiette con cime di rapa',
              'Risotto ai funghi porcini',
            ],
            ['300 g', '600 g'],
          ],
          [
            'Secondi e panati',
            'frozenReady',
            ['Cotolette di pollo', 'Polpette al sugo', 'Nuggets di pollo', 'Arancini di riso'],
            ['300 g', '500 g'],
          ],
        ],
      },
      {
        description: 'Gelati',
        leaves: [
          [
            'Vaschette',
            'iceCream',
            ['Gelato alla vaniglia', 'Gelato al cioccolato', 'Gelato alla nocciola', 'Gelato al pistacchio', 'Spumone'],
            ['500 g', '750 g'],
          ],
          [
            'Coni e stecchi',
            'iceCream',
            ['Coni panna e cioccolato', 'Stecchi al latte', 'Ghiaccioli alla frutta', 'Biscotti gelato'],
            ['4 pezzi', '6 pezzi'],
          ],
          [
            'Torte gelato',
            'iceCream',
            ['Torta gelato tiramisù', 'Semifreddo alle mandorle', 'Tartufo bianco'],
            ['500 g', '600 g'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Latticini e formaggi',
    aisles: [
      {
        description: 'Latte e panna',
        leaves: [
          [
            'Latte fresco',
            'milk',
            [
              'Latte fresco intero',
              'Latte fresco parzialmente scremato',
              'Latte fresco alta qualità',
              'Latte fresco senza lattosio',
            ],
            ['500 ml', '1 L'],
          ],
          [
            'Latte a lunga conservazione',
            'milk',
            ['Latte UHT intero', 'Latte UHT parzialmente scremato', 'Latte UHT scremato', 'Latte UHT senza lattosio'],
            ['1 L', '6 x 1 L'],
          ],
          [
            'Panna e besciamella',
            'cream',
            ['Panna da cucina', 'Panna fresca', 'Besciamella', 'Panna spray'],
            ['200 ml', '500 ml'],
          ],
        ],
      },
      {
        description: 'Yogurt e dessert',
        leaves: [
          [
            'Yogurt bianco',
            'yogurt',
            ['Yogurt bianco intero', 'Yogurt greco', 'Yogurt magro', 'Yogurt bianco cremoso'],
            ['125 g', '2 x 125 g', '500 g'],
          ],
          [
            'Yogurt alla frutta',
            'yogurt',
            ['Yogurt alla fragola', 'Yogurt ai frutti di bosco', "Yogurt all'albicocca", 'Yogurt al limone'],
            ['125 g', '2 x 125 g', '4 x 125 g'],
          ],
          [
            'Dessert e budini',
            'yogurt',
            ['Budino al cioccolato', 'Panna cotta', 'Crème caramel', 'Tiramisù'],
            ['2 x 100 g', '4 x 100 g'],
          ],
        ],
      },
      {
        description: 'Formaggi freschi',
        leaves: [
          [
            'Mozzarelle',
            'freshCheese',
            [
              'Mozzarella fiordilatte',
              'Mozzarella di bufala campana DOP',
              'Nodini di fiordilatte',
              'Treccia di fiordilatte',
              'Bocconcini',
            ],
            ['125 g', '250 g', '400 g'],
          ],
          [
            'Burrata e stracciatella',
            'freshCheese',
            ['Burrata', 'Stracciatella', 'Burratina', 'Manteca'],
            ['125 g', '200 g', '300 g'],
          ],
          [
            'Ricotta e stracchino',
            'freshCheese',
            ['Ricotta vaccina', 'Ricotta di pecora', 'Stracchino', 'Primo sale', 'Robiola'],
            ['200 g', '250 g', '450 g'],
          ],
        ],
      },
      {
        description: 'Formaggi stagionati',
        leaves: [
          [
            'Grana e parmigiano',
            'hardCheese',
            ['Grana Padano DOP', 'Parmigiano Reggiano DOP', 'Grana grattugiato', 'Scaglie di grana'],
            ['200 g', '500 g', '1 kg'],
          ],
          [
            'Pecorino e caciocavallo',
            'hardCheese',
            [
              'Pecorino Romano DOP',
              'Canestrato pugliese DOP',
              'Caciocavallo podolico',
              'Caciocavallo silano DOP',
              'Provolone piccante',
            ],
            ['250 g', '500 g'],
          ],
          [
            'Formaggi a fette',
            'hardCheese',
            ['Sottilette classiche', 'Fette di emmental', 'Fette di provola affumicata', 'Scamorza affumicata'],
            ['150 g', '200 g', '250 g'],
          ],
        ],
      },
      {
        description: 'Burro, uova e margarina',
        leaves: [
          ['Burro', 'butter', ['Burro', 'Burro da panna fresca', 'Burro chiarificato'], ['125 g', '250 g']],
          [
            'Uova',
            'eggs',
            [
              'Uova fresche da galline allevate a terra',
              'Uova fresche biologiche',
              "Uova fresche da galline allevate all'aperto",
            ],
            ['6 uova', '10 uova'],
          ],
          ['Margarina', 'butter', ['Margarina vegetale', 'Margarina leggera'], ['250 g', '500 g']],
        ],
      },
    ],
  },
  {
    description: 'Salumeria e gastronomia',
    aisles: [
      {
        description: 'Salumi al banco',
        leaves: [
          [
            'Prosciutto crudo',
            'deliCounter',
            ['Prosciutto crudo stagionato', 'Prosciutto crudo di Parma DOP', 'Prosciutto crudo San Daniele DOP'],
            [],
          ],
          [
            'Prosciutto cotto',
            'deliCounter',
            ['Prosciutto cotto alta qualità', 'Prosciutto cotto alle erbe', 'Porchetta'],
            [],
          ],
          [
            'Salame e capocollo',
            'deliCounter',
            [
              'Capocollo di Martina Franca',
              'Salame napoletano',
              'Soppressata',
              'Mortadella Bologna IGP',
              'Pancetta arrotolata',
            ],
            [],
          ],
        ],
      },
      {
        description: 'Salumi confezionati',
        leaves: [
          [
            'Affettati in vaschetta',
            'packedCuts',
            [
              'Prosciutto cotto a fette',
              'Prosciutto crudo a fette',
              'Bresaola della Valtellina IGP',
              'Salame a fette',
              'Fesa di tacchino a fette',
            ],
            ['80 g', '100 g', '120 g'],
          ],
          [
            'Wurstel',
            'packedCuts',
            ['Wurstel di suino', 'Wurstel di pollo e tacchino', 'Wurstel con formaggio'],
            ['250 g', '3 x 100 g'],
          ],
          [
            'Pancetta e speck a cubetti',
            'packedCuts',
            ['Pancetta dolce a cubetti', 'Pancetta affumicata a cubetti', 'Speck a cubetti'],
            ['2 x 80 g', '150 g'],
          ],
        ],
      },
      {
        description: 'Gastronomia',
        leaves: [
          [
            'Primi pronti',
            'deliHot',
            ['Lasagna al forno', 'Orecchiette al ragù', 'Parmigiana di melanzane', 'Tiella di riso patate e cozze'],
            [],
          ],
          [
            'Rosticceria',
            'deliHot',
            ['Panzerotti fritti', 'Focaccia barese', 'Calzone di cipolla', 'Polpette fritte', 'Pettole'],
            [],
          ],
          [
            'Antipasti e olive',
            'deliCold',
            [
              'Olive Bella di Cerignola',
              'Olive nere al forno',
              "Lampascioni sott'olio",
              "Pomodori secchi sott'olio",
              "Melanzane sott'olio",
            ],
            [],
          ],
        ],
      },
    ],
  },
  {
    description: 'Pane e pasticceria',
    aisles: [
      {
        description: 'Pane',
        leaves: [
          [
            'Pane fresco',
            'freshBread',
            ['Pane di Altamura DOP', 'Pane casereccio', 'Pane integrale', 'Pane di semola rimacinata', 'Filoncino'],
            [],
          ],
          [
            'Pane confezionato',
            'packedBread',
            ['Panini per hamburger', 'Piadine', 'Pane per tramezzini', 'Panini al latte'],
            ['300 g', '400 g'],
          ],
          [
            'Pane in cassetta',
            'packedBread',
            ['Pan bauletto bianco', 'Pane in cassetta integrale', 'Pan carré senza crosta'],
            ['400 g', '500 g'],
          ],
        ],
      },
      {
        description: 'Sostituti del pane',
        leaves: [
          [
            'Taralli',
            'crackers',
            [
              "Taralli all'olio extravergine",
              'Taralli al finocchietto',
              'Taralli al peperoncino',
              'Tarallini alla cipolla',
              'Taralli al vino',
            ],
            ['250 g', '400 g', '500 g'],
          ],
          [
            'Grissini e crackers',
            'crackers',
            ['Grissini torinesi', 'Crackers salati', 'Crackers integrali', 'Gallette di riso'],
            ['200 g', '250 g', '500 g'],
          ],
          [
            'Friselle',
            'crackers',
            ['Friselle di grano duro', 'Friselle integrali', 'Friselle di orzo'],
            ['400 g', '500 g'],
          ],
        ],
      },
      {
        description: 'Pasticceria',
        leaves: [
          [
            'Torte e crostate',
            'pastry',
            [
              'Crostata alla confettura di albicocche',
              'Torta margherita',
              'Plumcake allo yogurt',
              'Crostata alla ricotta',
            ],
            ['400 g', '500 g'],
          ],
          [
            'Pasticcini e lievitati',
            'pastry',
            ['Cornetti alla crema', 'Pasticciotti leccesi', 'Sfogliatelle', 'Bocconotti'],
            ['4 pezzi', '6 pezzi'],
          ],
          [
            'Dolci tipici',
            'pastry',
            ['Cartellate al vincotto', 'Mostaccioli', 'Pasta di mandorle', 'Scarcelle'],
            ['250 g', '300 g'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Dispensa',
    aisles: [
      {
        description: 'Pasta',
        leaves: [
          [
            'Pasta di semola',
            'pasta',
            [
              'Pasta di semola Orecchiette',
              'Pasta di semola Spaghetti',
              'Pasta di semola Penne rigate',
              'Pasta di semola Fusilli',
              'Pasta di semola Paccheri',
              'Pasta di semola Cavatelli',
              'Pasta di semola Troccoli',
              'Pasta di semola Mezze maniche',
              'Pasta di semola Linguine',
              'Pasta di semola Rigatoni',
            ],
            ['500 g', '1 kg'],
          ],
          [
            "Pasta all'uovo",
            'eggPasta',
            [
              "Tagliatelle all'uovo",
              "Fettuccine all'uovo",
              "Lasagne all'uovo",
              "Pappardelle all'uovo",
              'Tortellini al prosciutto crudo',
              'Ravioli ricotta e spinaci',
            ],
            ['250 g', '500 g'],
          ],
          [
            'Pasta integrale e speciale',
            'pasta',
            [
              'Spaghetti integrali',
              'Penne integrali',
              'Fusilli di legumi',
              'Pasta di grano arso Orecchiette',
              'Pasta di farro',
            ],
            ['400 g', '500 g'],
          ],
        ],
      },
      {
        description: 'Riso e cereali',
        leaves: [
          [
            'Riso',
            'rice',
            ['Riso Carnaroli', 'Riso Arborio', 'Riso Basmati', 'Riso Originario', 'Riso Venere'],
            ['500 g', '1 kg'],
          ],
          [
            'Farro, orzo e cereali',
            'rice',
            ['Farro perlato', 'Orzo perlato', 'Mix di cereali', 'Grano arso'],
            ['400 g', '500 g'],
          ],
          [
            'Legumi secchi',
            'rice',
            ['Ceci', 'Lenticchie', 'Fave secche decorticate', 'Cicerchie', 'Fagioli borlotti'],
            ['500 g', '1 kg'],
          ],
        ],
      },
      {
        description: 'Farine e preparati',
        leaves: [
          [
            'Farine',
            'flour',
            [
              'Farina di grano tenero tipo 00',
              'Semola rimacinata di grano duro',
              'Farina integrale',
              'Farina di grano arso',
              'Farina per pizza',
            ],
            ['1 kg', '5 kg'],
          ],
          [
            'Lievito e preparati',
            'flour',
            ['Lievito di birra secco', 'Lievito per dolci', 'Preparato per torta al cioccolato', 'Preparato per pizza'],
            ['3 x 16 g', '400 g'],
          ],
        ],
      },
      {
        description: 'Conserve di pomodoro e sughi',
        leaves: [
          [
            'Passate e polpe',
            'tomato',
            ['Passata di pomodoro', 'Polpa di pomodoro a pezzetti', 'Passata rustica', 'Concentrato di pomodoro'],
            ['400 g', '700 g', '3 x 400 g'],
          ],
          [
            'Pelati e pomodorini',
            'tomato',
            ['Pomodori pelati', 'Pomodorini ciliegino in succo', 'Pomodorini gialli', 'Pomodoro San Marzano DOP'],
            ['400 g', '520 g'],
          ],
          [
            'Sughi pronti e pesto',
            'sauce',
            [
              'Sugo al basilico',
              'Ragù alla barese',
              'Pesto alla genovese',
              "Sugo all'arrabbiata",
              'Crema di cime di rapa',
            ],
            ['190 g', '300 g', '400 g'],
          ],
        ],
      },
      {
        description: 'Olio, aceto e condimenti',
        leaves: [
          [
            'Olio extravergine di oliva',
            'oil',
            [
              'Olio extravergine di oliva',
              'Olio extravergine di oliva Terra di Bari DOP',
              'Olio extravergine di oliva Coratina',
              'Olio extravergine di oliva biologico',
            ],
            ['500 ml', '750 ml', '1 L', '5 L'],
          ],
          [
            'Oli di semi',
            'oil',
            ['Olio di semi di girasole', 'Olio di semi di arachide', 'Olio di mais'],
            ['1 L', '2 L'],
          ],
          [
            'Aceto e condimenti',
            'vinegar',
            [
              'Aceto di vino bianco',
              'Aceto balsamico di Modena IGP',
              'Glassa di aceto balsamico',
              'Maionese',
              'Ketchup',
            ],
            ['250 ml', '500 ml'],
          ],
        ],
      },
      {
        description: 'Conserve',
        leaves: [
          [
            'Tonno e pesce in scatola',
            'cannedFish',
            [
              "Tonno all'olio di oliva",
              'Tonno al naturale',
              'Filetti di sgombro',
              "Alici sott'olio",
              'Salmone al naturale',
            ],
            ['3 x 80 g', '160 g', '4 x 80 g'],
          ],
          [
            'Legumi in scatola',
            'cannedVeg',
            ['Ceci lessati', 'Fagioli cannellini', 'Fagioli borlotti lessati', 'Lenticchie lessate', 'Mais dolce'],
            ['400 g', '3 x 400 g'],
          ],
          [
            'Sottoli e sottaceti',
            'cannedVeg',
            ["Carciofini sott'olio", 'Funghi trifolati', 'Giardiniera', 'Cetriolini sottaceto', 'Capperi'],
            ['280 g', '314 ml'],
          ],
        ],
      },
      {
        description: 'Sale, spezie e zucchero',
        leaves: [
          ['Sale', 'salt', ['Sale marino fino', 'Sale marino grosso', 'Sale iodato', 'Sale rosa'], ['1 kg', '500 g']],
          [
            'Spezie ed erbe',
            'spices',
            ['Origano', 'Peperoncino macinato', 'Pepe nero macinato', 'Paprika dolce', 'Curcuma'],
            ['30 g', '50 g'],
          ],
          [
            'Zucchero e dolcificanti',
            'sugar',
            ['Zucchero semolato', 'Zucchero di canna', 'Zucchero a velo', 'Miele millefiori'],
            ['500 g', '1 kg'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Colazione e dolci',
    aisles: [
      {
        description: 'Caffè, tè e tisane',
        leaves: [
          [
            'Caffè macinato',
            'coffee',
            ['Caffè macinato per moka', 'Caffè macinato espresso', 'Caffè decaffeinato macinato', 'Caffè in grani'],
            ['250 g', '2 x 250 g', '1 kg'],
          ],
          [
            'Caffè in capsule e cialde',
            'coffee',
            ['Capsule caffè intenso', 'Capsule caffè cremoso', 'Cialde caffè classico', 'Capsule decaffeinato'],
            ['10 capsule', '30 capsule', '50 cialde'],
          ],
          [
            'Tè e tisane',
            'tea',
            ['Tè nero', 'Tè verde', 'Camomilla', 'Tisana finocchio e anice', 'Infuso ai frutti rossi'],
            ['20 bustine', '25 bustine'],
          ],
        ],
      },
      {
        description: 'Biscotti e merende',
        leaves: [
          [
            'Biscotti',
            'biscuits',
            [
              'Biscotti frollini al burro',
              'Biscotti integrali',
              'Biscotti al cacao',
              'Biscotti con gocce di cioccolato',
              'Biscotti alle mandorle',
            ],
            ['350 g', '500 g', '700 g'],
          ],
          [
            'Merendine',
            'biscuits',
            ['Merendine al cioccolato', 'Crostatine alla ciliegia', 'Plumcake allo yogurt', 'Cornetti alla crema'],
            ['6 pezzi', '10 pezzi'],
          ],
          [
            'Fette biscottate',
            'biscuits',
            ['Fette biscottate classiche', 'Fette biscottate integrali', 'Fette biscottate senza zuccheri aggiunti'],
            ['315 g', '630 g'],
          ],
        ],
      },
      {
        description: 'Cereali e creme',
        leaves: [
          [
            'Cereali e muesli',
            'cereals',
            ['Corn flakes', 'Muesli croccante', 'Fiocchi di avena', 'Riso soffiato al cioccolato'],
            ['375 g', '500 g'],
          ],
          [
            'Creme spalmabili',
            'spread',
            ['Crema spalmabile alle nocciole', 'Crema al pistacchio', 'Crema di mandorle', 'Burro di arachidi'],
            ['200 g', '400 g', '750 g'],
          ],
          [
            'Miele e confetture',
            'spread',
            [
              'Confettura extra di albicocche',
              'Confettura di fichi',
              'Marmellata di arance',
              'Miele di acacia',
              'Miele di agrumi',
            ],
            ['250 g', '340 g', '500 g'],
          ],
        ],
      },
      {
        description: 'Cioccolato e caramelle',
        leaves: [
          [
            'Tavolette di cioccolato',
            'chocolate',
            [
              'Cioccolato fondente 70%',
              'Cioccolato al latte',
              'Cioccolato bianco',
              'Cioccolato fondente alle mandorle',
            ],
            ['100 g', '3 x 100 g'],
          ],
          [
            'Caramelle e gomme',
            'candy',
            [
              'Caramelle alla frutta',
              'Caramelle alla liquirizia',
              'Gomme da masticare alla menta',
              'Caramelle gommose',
            ],
            ['100 g', '175 g'],
          ],
          [
            'Snack e barrette',
            'chocolate',
            ['Barrette ai cereali', 'Barrette al cioccolato', 'Wafer alla nocciola', 'Torroncini alle mandorle'],
            ['6 x 25 g', '150 g'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Bevande',
    aisles: [
      {
        description: 'Acqua',
        leaves: [
          [
            'Acqua naturale',
            'water',
            ['Acqua minerale naturale', 'Acqua oligominerale naturale'],
            ['6 x 1,5 L', '6 x 2 L', '6 x 0,5 L'],
          ],
          [
            'Acqua frizzante',
            'water',
            ['Acqua minerale frizzante', 'Acqua effervescente naturale', 'Acqua leggermente frizzante'],
            ['6 x 1,5 L', '6 x 0,5 L'],
          ],
        ],
      },
      {
        description: 'Bibite',
        leaves: [
          [
            'Cola e gassose',
            'softDrink',
            ['Cola', 'Cola zero zuccheri', 'Gassosa', 'Acqua tonica'],
            ['1,5 L', '6 x 33 cl'],
          ],
          [
            'Aranciate e chinotti',
            'softDrink',
            ['Aranciata', 'Aranciata amara', 'Chinotto', 'Limonata', 'Spuma bionda'],
            ['1,5 L', '6 x 33 cl'],
          ],
          [
            'Tè freddo',
            'softDrink',
            ['Tè freddo al limone', 'Tè freddo alla pesca', 'Tè verde freddo'],
            ['1,5 L', '6 x 33 cl'],
          ],
        ],
      },
      {
        description: 'Succhi e bevande vegetali',
        leaves: [
          [
            'Succhi di frutta',
            'juice',
            ['Succo di pesca', 'Succo di pera', 'Succo ACE', 'Succo di mela', 'Spremuta di arance rosse'],
            ['1 L', '3 x 200 ml'],
          ],
          [
            'Bevande vegetali',
            'plantDrink',
            ['Bevanda di soia', 'Bevanda di avena', 'Bevanda di mandorla', 'Bevanda di riso'],
            ['1 L'],
          ],
          [
            'Sport e energy drink',
            'softDrink',
            ['Bevanda isotonica al limone', 'Energy drink', "Bevanda isotonica all'arancia"],
            ['500 ml', '250 ml'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Vini e birre',
    aisles: [
      {
        description: 'Vini rossi',
        leaves: [
          [
            'Primitivo',
            'wine',
            ['Primitivo di Manduria DOC', 'Primitivo Salento IGT', 'Gioia del Colle Primitivo DOC'],
            ['75 cl'],
          ],
          ['Negroamaro', 'wine', ['Negroamaro Salento IGT', 'Salice Salentino DOC', 'Squinzano DOC'], ['75 cl']],
          [
            'Altri rossi del Sud',
            'wine',
            [
              'Aglianico del Vulture DOC',
              'Nero di Troia Puglia IGT',
              'Castel del Monte Rosso DOC',
              'Susumaniello Salento IGT',
            ],
            ['75 cl'],
          ],
        ],
      },
      {
        description: 'Vini bianchi, rosati e spumanti',
        leaves: [
          [
            'Vini bianchi',
            'wine',
            [
              'Fiano Puglia IGT',
              'Verdeca Puglia IGT',
              'Locorotondo DOC',
              'Falanghina Puglia IGT',
              'Greco Basilicata IGT',
            ],
            ['75 cl'],
          ],
          [
            'Vini rosati',
            'wine',
            ['Negroamaro Rosato Salento IGT', 'Castel del Monte Bombino Nero DOCG', 'Primitivo Rosato Puglia IGT'],
            ['75 cl'],
          ],
          [
            'Spumanti',
            'wine',
            ['Spumante brut', 'Prosecco DOC extra dry', 'Spumante rosato brut', 'Moscato spumante dolce'],
            ['75 cl'],
          ],
        ],
      },
      {
        description: 'Birre',
        leaves: [
          ['Birre chiare', 'beer', ['Birra lager', 'Birra premium', 'Birra pils'], ['33 cl', '3 x 33 cl', '66 cl']],
          [
            'Birre artigianali',
            'beer',
            [
              'Birra artigianale blanche',
              'Birra artigianale ambrata',
              'Birra artigianale IPA',
              'Birra artigianale al grano arso',
            ],
            ['33 cl', '75 cl'],
          ],
          ['Birre analcoliche', 'beer', ['Birra analcolica', 'Birra analcolica al limone'], ['33 cl', '6 x 33 cl']],
        ],
      },
      {
        description: 'Liquori e distillati',
        leaves: [
          ['Amari', 'spirits', ["Amaro d'erbe", 'Amaro al carciofo', 'Amaro alle erbe lucane'], ['70 cl']],
          [
            'Liquori',
            'spirits',
            ['Limoncello', 'Liquore di mandorle', 'Nocino', 'Liquore al finocchietto'],
            ['50 cl', '70 cl'],
          ],
          ['Grappe e distillati', 'spirits', ['Grappa di Primitivo', 'Grappa bianca', 'Brandy italiano'], ['70 cl']],
        ],
      },
    ],
  },
  {
    description: 'Casa e pulizia',
    aisles: [
      {
        description: 'Bucato',
        leaves: [
          [
            'Detersivi lavatrice',
            'laundry',
            [
              'Detersivo liquido lavatrice',
              'Detersivo in polvere',
              'Detersivo per capi delicati',
              'Detersivo in capsule',
            ],
            ['25 lavaggi', '40 lavaggi', '20 capsule'],
          ],
          [
            'Ammorbidenti',
            'laundry',
            ['Ammorbidente concentrato', 'Ammorbidente ipoallergenico', 'Profumatore per bucato'],
            ['750 ml', '1,5 L'],
          ],
          [
            'Smacchiatori e candeggina',
            'laundry',
            ['Smacchiatore pretrattante', 'Candeggina delicata', 'Candeggina classica', 'Additivo igienizzante'],
            ['1 L', '2 L'],
          ],
        ],
      },
      {
        description: 'Piatti',
        leaves: [
          [
            'Detersivi piatti',
            'dishes',
            ['Detersivo piatti al limone', "Detersivo piatti all'aceto", 'Detersivo piatti concentrato'],
            ['750 ml', '1,1 L'],
          ],
          [
            'Lavastoviglie',
            'dishes',
            ['Pastiglie lavastoviglie', 'Gel lavastoviglie', 'Brillantante', 'Sale per lavastoviglie'],
            ['30 pastiglie', '1 L', '500 ml'],
          ],
        ],
      },
      {
        description: 'Pulizia superfici',
        leaves: [
          [
            'Sgrassatori',
            'cleaning',
            ['Sgrassatore universale', 'Sgrassatore al limone', 'Sgrassatore con candeggina'],
            ['750 ml', '2 x 750 ml'],
          ],
          [
            'Pavimenti',
            'cleaning',
            ['Detergente pavimenti al pino', 'Detergente pavimenti al sapone di Marsiglia', 'Detergente per parquet'],
            ['1 L', '1,5 L'],
          ],
          [
            'Bagno e anticalcare',
            'cleaning',
            ['Anticalcare spray', 'Gel WC', 'Detergente bagno igienizzante', 'Disgorgante'],
            ['500 ml', '750 ml'],
          ],
        ],
      },
      {
        description: 'Carta e usa e getta',
        leaves: [
          [
            'Carta igienica',
            'paper',
            ['Carta igienica', 'Carta igienica a tre veli', 'Carta igienica maxi'],
            ['4 rotoli', '8 rotoli', '12 rotoli'],
          ],
          [
            'Rotoli da cucina',
            'paper',
            ['Rotoli da cucina', 'Rotolo asciugatutto maxi', 'Carta cucina multiuso'],
            ['2 rotoli', '4 rotoli'],
          ],
          [
            'Piatti, bicchieri e sacchetti',
            'disposables',
            [
              'Piatti piani compostabili',
              'Bicchieri compostabili',
              'Sacchetti gelo',
              'Sacchi per rifiuti',
              'Tovaglioli di carta',
            ],
            ['20 pezzi', '50 pezzi', '15 pezzi'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Igiene e cura della persona',
    aisles: [
      {
        description: 'Corpo',
        leaves: [
          [
            'Bagnoschiuma e docciaschiuma',
            'bodyCare',
            [
              'Docciaschiuma idratante',
              'Bagnoschiuma al latte di mandorla',
              'Docciaschiuma agli agrumi',
              'Bagnodoccia delicato',
            ],
            ['250 ml', '500 ml', '750 ml'],
          ],
          [
            'Saponi',
            'bodyCare',
            ['Sapone liquido mani', 'Sapone di Marsiglia', 'Sapone liquido antibatterico', 'Ricarica sapone liquido'],
            ['300 ml', '1 L', '4 pezzi'],
          ],
          [
            'Deodoranti',
            'bodyCare',
            ['Deodorante spray', 'Deodorante roll-on', 'Deodorante stick senza alcool'],
            ['150 ml', '50 ml'],
          ],
        ],
      },
      {
        description: 'Capelli',
        leaves: [
          [
            'Shampoo',
            'hairCare',
            ['Shampoo uso frequente', 'Shampoo antiforfora', 'Shampoo capelli secchi', "Shampoo all'ortica"],
            ['250 ml', '400 ml'],
          ],
          [
            'Balsamo e maschere',
            'hairCare',
            ['Balsamo nutriente', 'Maschera ristrutturante', 'Balsamo districante'],
            ['200 ml', '300 ml'],
          ],
          ['Colorazione', 'hairCare', ['Tinta castano scuro', 'Tinta biondo chiaro', 'Tinta nero'], ['1 confezione']],
        ],
      },
      {
        description: 'Igiene orale',
        leaves: [
          [
            'Dentifrici',
            'oralCare',
            [
              'Dentifricio sbiancante',
              'Dentifricio gengive sensibili',
              'Dentifricio al fluoro',
              'Dentifricio alle erbe',
            ],
            ['75 ml', '2 x 75 ml'],
          ],
          [
            'Spazzolini',
            'oralCare',
            ['Spazzolino medio', 'Spazzolino morbido', 'Spazzolino per bambini'],
            ['1 pezzo', '2 pezzi'],
          ],
          [
            'Collutori e fili',
            'oralCare',
            ['Collutorio alla menta', 'Collutorio senza alcool', 'Collutorio protezione gengive'],
            ['250 ml', '500 ml'],
          ],
        ],
      },
      {
        description: 'Viso e rasatura',
        leaves: [
          [
            'Creme viso e corpo',
            'faceCare',
            ['Crema viso idratante', 'Crema mani', 'Latte detergente', "Crema corpo all'olio d'oliva"],
            ['50 ml', '75 ml', '200 ml'],
          ],
          [
            'Rasatura',
            'faceCare',
            ['Schiuma da barba', 'Rasoi usa e getta', 'Dopobarba lenitivo'],
            ['300 ml', '5 pezzi', '100 ml'],
          ],
        ],
      },
      {
        description: 'Igiene intima e fazzoletti',
        leaves: [
          ['Assorbenti', 'hygiene', ['Assorbenti con ali', 'Salvaslip', 'Assorbenti notte'], ['14 pezzi', '30 pezzi']],
          [
            'Fazzoletti',
            'hygiene',
            ['Fazzoletti di carta', 'Fazzoletti al balsamo', 'Fazzoletti profumati'],
            ['10 pacchetti', '24 pacchetti'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Infanzia',
    aisles: [
      {
        description: 'Pappe',
        leaves: [
          [
            'Omogeneizzati',
            'babyFood',
            [
              'Omogeneizzato alla mela',
              'Omogeneizzato alla pera',
              'Omogeneizzato di manzo',
              'Omogeneizzato di pollo',
              'Omogeneizzato di nasello',
            ],
            ['2 x 80 g', '4 x 80 g'],
          ],
          [
            'Pastine e creme',
            'babyFood',
            ['Pastina stelline', 'Crema di riso', 'Crema multicereali', 'Biscotti per la prima infanzia'],
            ['320 g', '400 g'],
          ],
          [
            "Latte per l'infanzia",
            'babyFood',
            ['Latte di proseguimento 2', 'Latte di crescita 3', 'Latte liquido 1'],
            ['500 ml', '800 g'],
          ],
        ],
      },
      {
        description: 'Cura del bambino',
        leaves: [
          [
            'Pannolini',
            'babyCare',
            ['Pannolini taglia 3', 'Pannolini taglia 4', 'Pannolini taglia 5', 'Mutandine taglia 5'],
            ['20 pezzi', '32 pezzi'],
          ],
          [
            'Salviette',
            'wipes',
            ['Salviette detergenti', "Salviette all'acqua", 'Salviette alla camomilla'],
            ['64 pezzi', '3 x 64 pezzi'],
          ],
          [
            'Bagnetto',
            'babyCare',
            ['Bagnoschiuma bimbi', 'Shampoo delicato bimbi', 'Pasta lenitiva', 'Olio per il massaggio'],
            ['200 ml', '500 ml'],
          ],
        ],
      },
    ],
  },
  {
    description: 'Animali',
    aisles: [
      {
        description: 'Cani',
        leaves: [
          [
            'Cibo umido per cani',
            'petFood',
            ['Bocconcini con manzo', 'Patè con pollo', 'Bocconcini con agnello e riso'],
            ['400 g', '4 x 100 g'],
          ],
          [
            'Crocchette per cani',
            'petFood',
            ['Crocchette adult con pollo', 'Crocchette puppy', 'Crocchette light con tacchino'],
            ['1,5 kg', '3 kg', '10 kg'],
          ],
          [
            'Snack per cani',
            'petFood',
            ['Snack dentali', 'Biscotti per cani', 'Bastoncini masticabili'],
            ['180 g', '7 pezzi'],
          ],
        ],
      },
      {
        description: 'Gatti',
        leaves: [
          [
            'Cibo umido per gatti',
            'petFood',
            ['Bocconcini con tonno', 'Patè con salmone', 'Filetti di pollo in gelatina', 'Mousse al manzo'],
            ['85 g', '4 x 85 g', '12 x 85 g'],
          ],
          [
            'Crocchette per gatti',
            'petFood',
            ['Crocchette sterilizzato', 'Crocchette kitten', 'Crocchette adult al salmone'],
            ['400 g', '1,5 kg'],
          ],
          [
            'Lettiere',
            'petCare',
            ['Lettiera agglomerante', 'Lettiera vegetale', 'Lettiera in silicio'],
            ['5 kg', '10 L'],
          ],
        ],
      },
      {
        description: 'Altri animali',
        leaves: [
          [
            'Uccelli',
            'petFood',
            ['Miscela per canarini', 'Miscela per pappagallini', 'Biscotto per uccelli'],
            ['500 g', '1 kg'],
          ],
          [
            'Pesci e roditori',
            'petFood',
            ['Mangime in scaglie per pesci', 'Alimento per criceti', 'Fieno per conigli'],
            ['100 ml', '500 g', '1 kg'],
          ],
        ],
      },
    ],
  },
];
