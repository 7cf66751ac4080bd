/** The demo pages and articles (Italian, nutrition education, no medical claims). */
export interface SeedArticle {
  id: number;
  type: 'Page' | 'Article';
  title: string;
  url: string;
  meta: string;
  caption: string;
  publishedAt: string;
  tags: string[];
  html: string;
}

export const CONTENT_TAG_NAMES = [
  'Colazione',
  'Idratazione',
  'Sport',
  'Stagionalità',
  'Etichette',
  'Benessere',
  'Spuntini',
  'Proteine vegetali',
] as const;

export const SEED_ARTICLES: readonly SeedArticle[] = [
  {
    id: 1,
    type: 'Page',
    title: 'Chi siamo',
    url: 'chi-siamo',
    meta: 'Nutrì è il servizio italiano di nutrizione online: ti abbiniamo a un nutrizionista selezionato e ti seguiamo in videochiamata e in chat.',
    caption: 'Un team di professionisti della nutrizione, vicino a te ovunque tu sia.',
    publishedAt: '2025-01-15T09:00:00.000Z',
    tags: ['Benessere'],
    html: `
<p>Nutrì nasce da un’idea semplice: rendere l’accompagnamento di un professionista della nutrizione accessibile, concreto e su misura, senza liste d’attesa e senza spostamenti. Rispondi a un breve questionario, ti proponiamo il nutrizionista più adatto a te e inizi con un incontro conoscitivo gratuito in videochiamata.</p>
<h2>Come funziona</h2>
<p>Dopo il questionario, il nostro algoritmo di abbinamento individua il professionista con le competenze più vicine ai tuoi obiettivi. Nel primo incontro conoscitivo vi presentate e capite insieme come lavorare. Le visite successive durano 50 minuti, costano 55 euro e si svolgono in videochiamata; tra una visita e l’altra puoi scrivere al tuo nutrizionista in chat.</p>
<ul>
<li><strong>Questionario</strong>: pochi minuti per raccontarci abitudini, gusti e obiettivi.</li>
<li><strong>Abbinamento</strong>: ti proponiamo un professionista selezionato per te.</li>
<li><strong>Incontro conoscitivo gratuito</strong>: una videochiamata per conoscervi.</li>
<li><strong>Percorso</strong>: visite da 50 minuti e chat per i dubbi di ogni giorno.</li>
</ul>
<h2>Come selezioniamo i nutrizionisti</h2>
<p>Ogni professionista che lavora con Nutrì è scelto con cura. Valutiamo i valori con cui si prende cura delle persone e la formazione: dietisti, biologi con un master in nutrizione e medici specialisti in scienza dell’alimentazione. Chiediamo almeno due anni di esperienza in libera professione, l’iscrizione all’albo professionale e un’assicurazione professionale attiva.</p>
<blockquote>Crediamo in un’alimentazione che si adatta alla vita reale: niente regole rigide, ma scelte consapevoli e sostenibili nel tempo.</blockquote>
<h2>Il team</h2>
<p>Dietro Nutrì lavora un piccolo team di persone che si occupano di tecnologia, assistenza e qualità del servizio. Siamo noi a rispondere quando scrivi al supporto, a seguire le segnalazioni e a migliorare ogni giorno l’esperienza di pazienti e professionisti.</p>
<p>Nutrì non è pensato per chi ha bisogno di una terapia dietetica medica: in questi casi il riferimento resta il medico curante o lo specialista. Per qualsiasi domanda puoi <a href="mailto:supporto@nutri.local">scriverci</a>: ti rispondiamo volentieri.</p>
`,
  },
  {
    id: 2,
    type: 'Article',
    title: 'Colazione equilibrata: come costruirla senza complicarsi la vita',
    url: 'colazione-equilibrata',
    meta: 'Carboidrati, proteine, grassi buoni e frutta: gli ingredienti di una colazione che sazia e dà energia, con idee pratiche dolci e salate.',
    caption: 'Yogurt, frutta fresca e un cereale integrale: una colazione semplice e completa.',
    publishedAt: '2025-03-03T07:30:00.000Z',
    tags: ['Colazione', 'Benessere'],
    html: `
<p>La colazione non è un pasto magico, ma è un’ottima occasione per iniziare la giornata con energia e arrivare al pranzo senza fame eccessiva. Non esiste una colazione perfetta per tutti: esistono però alcuni criteri che aiutano a comporla in modo equilibrato.</p>
<h2>I quattro elementi di una colazione completa</h2>
<ul>
<li><strong>Una fonte di carboidrati</strong>, meglio se integrali: pane, fiocchi d’avena, fette biscottate integrali.</li>
<li><strong>Una fonte di proteine</strong>: yogurt, latte o bevande vegetali arricchite, uova, ricotta.</li>
<li><strong>Una piccola quota di grassi buoni</strong>: frutta secca, semi, un velo di crema di frutta secca.</li>
<li><strong>Frutta fresca</strong>, per colore, fibre e gusto.</li>
</ul>
<p>Non serve avere tutto ogni mattina: l’idea è avvicinarsi a questo schema nella maggior parte dei giorni.</p>
<h2>Idee dolci e salate</h2>
<p>Per chi ama il dolce: yogurt bianco con fiocchi d’avena, frutti di bosco e qualche noce; oppure pane integrale con ricotta e un cucchiaino di miele, accompagnato da un frutto. Per chi preferisce il salato: pane tostato con uovo e pomodorini, oppure una fetta di pane con hummus e qualche oliva.</p>
<h2>E se al mattino non ho fame?</h2>
<p>Succede a molte persone. Si può partire con qualcosa di piccolo, come un frutto o uno yogurt, e fare uno spuntino più sostanzioso a metà mattina. Anche preparare la sera prima un barattolo di yogurt e avena aiuta chi ha poco tempo.</p>
<h2>Gli errori più comuni</h2>
<p>Affidarsi solo a prodotti molto zuccherati, saltare sistematicamente la colazione per poi arrivare affamati al pranzo, oppure bere solo un caffè di corsa. Piccoli aggiustamenti, come aggiungere una fonte proteica, fanno spesso una grande differenza sulla sazietà.</p>
<p>Se vuoi una colazione su misura per i tuoi orari e i tuoi gusti, il tuo nutrizionista può aiutarti a trovare la combinazione giusta.</p>
`,
  },
  {
    id: 3,
    type: 'Article',
    title: 'Idratazione: quanta acqua bere e come ricordarsene',
    url: 'idratazione-quanta-acqua-bere',
    meta: 'Perché l’acqua è importante, quanta berne in una giornata tipo e qualche trucco pratico per ricordarsi di bere anche quando si è di corsa.',
    caption: 'Una caraffa d’acqua sul tavolo è il promemoria più semplice.',
    publishedAt: '2025-03-17T07:30:00.000Z',
    tags: ['Idratazione', 'Benessere'],
    html: `
<p>L’acqua è il principale costituente del nostro corpo e partecipa a moltissimi processi: dalla regolazione della temperatura al trasporto dei nutrienti. Eppure, tra impegni e distrazioni, è facile bere meno di quanto servirebbe.</p>
<h2>Quanta acqua serve?</h2>
<p>Le indicazioni di riferimento per gli adulti suggeriscono un apporto complessivo di circa 2 litri al giorno per le donne e 2,5 litri per gli uomini, considerando anche l’acqua contenuta negli alimenti. Il fabbisogno cresce con il caldo, l’attività fisica e in alcune fasi della vita. Più che inseguire un numero preciso, conviene costruire un’abitudine regolare.</p>
<h2>Segnali da ascoltare</h2>
<p>La sete è un segnale utile, ma tende ad arrivare quando siamo già un po’ in ritardo. Anche il colore delle urine è un indicatore semplice: un giallo chiaro di solito indica una buona idratazione.</p>
<h2>Trucchi per ricordarsi di bere</h2>
<ul>
<li>Tieni una borraccia o una caraffa sempre a vista, sulla scrivania o sul tavolo.</li>
<li>Associa un bicchiere d’acqua ad abitudini fisse: al risveglio, prima di ogni pasto, dopo una riunione.</li>
<li>Se l’acqua naturale ti annoia, aggiungi fettine di limone, cetriolo o foglie di menta.</li>
<li>Ricorda che anche tisane non zuccherate, brodi vegetali, frutta e verdura contribuiscono all’idratazione.</li>
</ul>
<h2>E le bevande zuccherate?</h2>
<p>Succhi, bibite e tè freddi confezionati idratano, ma portano con sé zuccheri che si sommano in fretta. Meglio considerarli un’eccezione e preferire l’acqua come bevanda di tutti i giorni.</p>
`,
  },
  {
    id: 4,
    type: 'Article',
    title: 'Proteine vegetali: legumi, cereali e abbinamenti furbi',
    url: 'proteine-vegetali',
    meta: 'Legumi, cereali integrali, frutta secca e semi: come portare più proteine vegetali in tavola, con abbinamenti semplici e ricette della tradizione.',
    caption: 'Ceci, lenticchie e fagioli: proteine vegetali dai mille colori.',
    publishedAt: '2025-03-31T07:30:00.000Z',
    tags: ['Proteine vegetali', 'Benessere'],
    html: `
<p>Che tu segua un’alimentazione vegetariana o semplicemente voglia variare le fonti proteiche, le proteine vegetali meritano un posto fisso nel menù settimanale. Sono economiche, versatili e portano con sé fibre e altri nutrienti preziosi.</p>
<h2>Dove si trovano</h2>
<p>I protagonisti sono i <strong>legumi</strong>: ceci, lenticchie, fagioli, piselli, fave, lupini e soia. Contribuiscono anche i cereali, soprattutto integrali, la frutta secca e i semi oleosi. Tofu e tempeh, derivati della soia, sono un’ottima alternativa per chi vuole sperimentare.</p>
<h2>L’arte dell’abbinamento</h2>
<p>La cucina italiana conosce da sempre la combinazione di cereali e legumi: pasta e fagioli, riso e piselli, pasta e ceci. Questi piatti uniscono proteine che si completano a vicenda e sono anche un pasto unico saziante. Non è necessario abbinarli nello stesso piatto: basta variare le fonti nel corso della giornata.</p>
<h2>Come portarli in tavola più spesso</h2>
<ul>
<li>Tieni in dispensa legumi in barattolo, già cotti: basta sciacquarli.</li>
<li>Prepara hummus o creme di legumi da spalmare sul pane o da usare come salsa.</li>
<li>Aggiungi lenticchie o ceci alle insalate e alle zuppe.</li>
<li>Prova un ragù di lenticchie per condire la pasta.</li>
</ul>
<h2>E la digestione?</h2>
<p>Alcune persone avvertono gonfiore quando aumentano i legumi. Un ammollo prolungato, una cottura con alloro o alga kombu e un aumento graduale delle porzioni possono aiutare. Anche i legumi decorticati, come le lenticchie rosse, sono spesso più facili da digerire.</p>
`,
  },
  {
    id: 5,
    type: 'Article',
    title: 'Leggere le etichette alimentari in cinque mosse',
    url: 'leggere-le-etichette',
    meta: 'Lista degli ingredienti, tabella nutrizionale, porzioni e claim: una guida pratica per scegliere al supermercato con più consapevolezza.',
    caption: 'Un minuto di attenzione all’etichetta aiuta a scegliere meglio.',
    publishedAt: '2025-04-14T07:30:00.000Z',
    tags: ['Etichette'],
    html: `
<p>L’etichetta è la carta d’identità di un alimento confezionato. Imparare a leggerla richiede poco tempo e permette di confrontare prodotti simili e di fare scelte più in linea con le proprie esigenze.</p>
<h2>1. Parti dalla lista degli ingredienti</h2>
<p>Gli ingredienti sono elencati in ordine decrescente di quantità: il primo è quello presente in misura maggiore. Una lista breve e comprensibile è spesso un buon segno. Fai attenzione agli zuccheri che compaiono con nomi diversi, come sciroppo di glucosio, destrosio o fruttosio.</p>
<h2>2. Guarda la tabella nutrizionale per 100 grammi</h2>
<p>I valori per 100 grammi permettono di confrontare prodotti diversi sulla stessa base. Osserva in particolare energia, grassi saturi, zuccheri, fibre e sale.</p>
<h2>3. Controlla la porzione</h2>
<p>Molte confezioni riportano anche i valori per porzione. Verifica che la porzione indicata sia realistica rispetto a quanto ne consumi davvero: a volte è molto più piccola di quella che mettiamo nel piatto.</p>
<h2>4. Leggi i claim con spirito critico</h2>
<p>Diciture come «senza zuccheri aggiunti» o «ricco di fibre» sono regolate dalla normativa, ma descrivono un solo aspetto del prodotto. Un biscotto senza zuccheri aggiunti può comunque essere ricco di grassi: conviene sempre guardare il quadro completo.</p>
<h2>5. Non dimenticare allergeni e conservazione</h2>
<p>Gli allergeni sono evidenziati nella lista degli ingredienti, ad esempio in grassetto. Ricorda anche la differenza tra «da consumarsi entro», da rispettare, e «da consumarsi preferibilmente entro», che indica il termine minimo di conservazione.</p>
`,
  },
  {
    id: 6,
    type: 'Article',
    title: 'Spuntini sani: idee per metà mattina e pomeriggio',
    url: 'spuntini-sani',
    meta: 'Frutta, yogurt, frutta secca e verdure croccanti: idee di spuntini semplici e sazianti da portare al lavoro, a scuola o in palestra.',
    caption: 'Frutta fresca e frutta secca: lo spuntino più facile da portare con sé.',
    publishedAt: '2025-04-28T07:30:00.000Z',
    tags: ['Spuntini', 'Benessere'],
    html: `
<p>Lo spuntino aiuta a distribuire l’energia nella giornata e ad arrivare ai pasti principali con un appetito gestibile. La chiave è sceglierlo con un minimo di programmazione, invece di affidarsi a quello che capita.</p>
<h2>Come comporre uno spuntino che sazia</h2>
<p>Uno spuntino equilibrato unisce, quando possibile, una fonte di fibre o carboidrati e una piccola quota di proteine o grassi buoni. Per esempio: un frutto con una manciata di mandorle, oppure uno yogurt bianco con qualche fiocco d’avena.</p>
<h2>Idee pronte in due minuti</h2>
<ul>
<li>Una mela o una pera con 15-20 grammi di frutta secca.</li>
<li>Yogurt bianco o greco con frutti di bosco.</li>
<li>Carote, finocchi o sedano a bastoncini con un cucchiaio di hummus.</li>
<li>Una fetta di pane integrale con ricotta o crema di frutta secca.</li>
<li>Una piccola porzione di ceci tostati al forno.</li>
</ul>
<h2>Fuori casa</h2>
<p>Al lavoro o in viaggio aiuta avere con sé un contenitore con frutta e frutta secca già porzionata. Nei distributori automatici si possono preferire frutta, yogurt o crackers integrali in porzioni piccole.</p>
<h2>Spuntino o fame nervosa?</h2>
<p>Prima di mangiare, chiediti se hai davvero fame o se stai cercando una pausa, una distrazione o una consolazione. Anche solo notarlo è un primo passo: a volte basta un bicchiere d’acqua o una breve camminata.</p>
`,
  },
  {
    id: 7,
    type: 'Article',
    title: 'Alimentazione e sport: cosa mangiare prima e dopo l’allenamento',
    url: 'alimentazione-e-sport',
    meta: 'Come organizzare i pasti intorno all’allenamento, cosa scegliere prima e dopo l’attività fisica e perché l’idratazione conta anche per chi fa sport amatoriale.',
    caption: 'Energia prima, recupero dopo: il cibo come alleato dell’allenamento.',
    publishedAt: '2025-05-12T07:30:00.000Z',
    tags: ['Sport', 'Idratazione'],
    html: `
<p>Chi pratica attività fisica con regolarità, anche a livello amatoriale, può trarre vantaggio da qualche attenzione in più all’alimentazione. Non servono prodotti speciali: nella maggior parte dei casi bastano pasti ben organizzati.</p>
<h2>Prima dell’allenamento</h2>
<p>L’obiettivo è avere energia disponibile senza sentirsi appesantiti. Un pasto completo due o tre ore prima, oppure uno spuntino leggero a base di carboidrati un’ora prima, come una banana, una fetta di pane con marmellata o qualche galletta di riso, funziona bene per molte persone.</p>
<h2>Durante</h2>
<p>Per allenamenti di durata moderata, di solito basta l’acqua. Nelle sessioni lunghe o con molto caldo può essere utile reintegrare anche sali minerali e un po’ di carboidrati: il tuo nutrizionista può aiutarti a capire se è il tuo caso.</p>
<h2>Dopo l’allenamento</h2>
<p>Il pasto successivo contribuisce al recupero. È utile che contenga carboidrati per ricostituire le riserve di energia e una fonte di proteine. Qualche esempio: pasta con legumi, riso con pesce e verdure, yogurt con frutta e cereali.</p>
<h2>L’idratazione prima di tutto</h2>
<p>Bere regolarmente durante la giornata, e non solo durante l’attività, è la base. Pesarsi prima e dopo un allenamento intenso dà un’idea dei liquidi persi con il sudore, da reintegrare gradualmente.</p>
<h2>Attenzione al fai da te</h2>
<p>Integratori e diete molto restrittive trovano spesso spazio nei consigli online. Prima di introdurli è bene parlarne con un professionista, che valuterà obiettivi, tipo di sport e abitudini.</p>
`,
  },
  {
    id: 8,
    type: 'Article',
    title: 'Frutta e verdura di stagione: la guida mese per mese',
    url: 'frutta-e-verdura-di-stagione',
    meta: 'Perché scegliere frutta e verdura di stagione conviene a gusto, portafoglio e ambiente, con una guida stagione per stagione.',
    caption: 'Ogni stagione porta in tavola colori e sapori diversi.',
    publishedAt: '2025-05-26T07:30:00.000Z',
    tags: ['Stagionalità'],
    html: `
<p>Scegliere frutta e verdura di stagione è uno dei modi più semplici per mangiare con gusto e varietà. I prodotti raccolti al momento giusto sono spesso più saporiti, costano meno e richiedono meno trasporti e conservazione.</p>
<h2>Primavera</h2>
<p>È la stagione di asparagi, carciofi, piselli, fave, fragole e nespole. Le verdure a foglia tenera, come lattuga e spinaci novelli, sono perfette per insalate leggere.</p>
<h2>Estate</h2>
<p>Pomodori, zucchine, melanzane, peperoni e cetrioli riempiono i banchi del mercato. Tra la frutta: pesche, albicocche, ciliegie, anguria e melone, ideali anche per idratarsi nelle giornate calde.</p>
<h2>Autunno</h2>
<p>Zucca, funghi, cavoli, broccoli e radicchio annunciano la stagione fredda. Uva, melagrana, cachi, mele e pere sono i frutti protagonisti, insieme alle castagne.</p>
<h2>Inverno</h2>
<p>Arance, mandarini, clementine, kiwi e pompelmi danno colore alle giornate più corte. Tra le verdure: cavolfiori, cavolo nero, finocchi, carciofi e porri, ottimi in zuppe e vellutate.</p>
<h2>Come orientarsi</h2>
<ul>
<li>Fai un giro al mercato e osserva cosa abbonda sui banchi: di solito è ciò che è di stagione.</li>
<li>Leggi l’origine in etichetta: i prodotti locali sono più spesso di stagione.</li>
<li>Quando un prodotto fresco non è di stagione, anche il surgelato può essere un’alternativa pratica.</li>
</ul>
`,
  },
  {
    id: 9,
    type: 'Article',
    title: 'Mindful eating: mangiare con attenzione, un boccone alla volta',
    url: 'mindful-eating',
    meta: 'Cos’è il mindful eating, perché mangiare con attenzione può cambiare il rapporto con il cibo e qualche esercizio pratico per iniziare.',
    caption: 'Rallentare a tavola aiuta ad ascoltare fame e sazietà.',
    publishedAt: '2025-06-09T07:30:00.000Z',
    tags: ['Benessere'],
    html: `
<p>Quante volte ci capita di mangiare davanti a uno schermo, di fretta, senza quasi accorgerci di cosa abbiamo nel piatto? Il <em>mindful eating</em>, o alimentazione consapevole, propone di riportare l’attenzione al momento del pasto.</p>
<h2>Di cosa si tratta</h2>
<p>Non è una dieta e non prevede alimenti vietati. È un modo di stare a tavola: notare colori, profumi e consistenze, ascoltare i segnali di fame e sazietà, riconoscere le emozioni che a volte guidano le nostre scelte.</p>
<h2>Perché provarci</h2>
<p>Mangiare più lentamente lascia al corpo il tempo di registrare la sazietà e rende il pasto più piacevole. Molte persone raccontano di sentirsi più serene nel rapporto con il cibo e meno in balia degli spuntini fuori orario.</p>
<h2>Tre esercizi per iniziare</h2>
<ul>
<li><strong>Un pasto senza schermi</strong> al giorno: telefono lontano, televisione spenta.</li>
<li><strong>Posa la forchetta</strong> tra un boccone e l’altro e mastica con calma.</li>
<li><strong>La scala della fame</strong>: prima e dopo il pasto chiediti, da 1 a 10, quanta fame hai.</li>
</ul>
<h2>Con gentilezza</h2>
<p>Ci saranno pasti veloci e giornate caotiche: va bene così. L’obiettivo non è la perfezione, ma coltivare un’attenzione in più, un pasto alla volta. Se senti che il rapporto con il cibo ti crea disagio, parlarne con un professionista è un ottimo punto di partenza.</p>
`,
  },
  {
    id: 10,
    type: 'Article',
    title: 'Il pranzo fuori casa: la schiscetta equilibrata con il metodo del piatto',
    url: 'pranzo-fuori-casa',
    meta: 'Metà verdura, un quarto di cereali, un quarto di proteine: come preparare una schiscetta equilibrata, gustosa e facile da portare al lavoro.',
    caption: 'Il metodo del piatto funziona anche nella schiscetta.',
    publishedAt: '2025-06-23T07:30:00.000Z',
    tags: ['Benessere', 'Proteine vegetali'],
    html: `
<p>Pranzare fuori casa tutti i giorni può mettere alla prova anche le migliori intenzioni. Preparare la schiscetta, il pranzo da portare al lavoro, permette di scegliere cosa mangiare e spesso di risparmiare.</p>
<h2>Il metodo del piatto</h2>
<p>Un modo semplice per comporre un pasto bilanciato è immaginare il piatto diviso in tre parti:</p>
<ul>
<li><strong>metà</strong> verdura, cruda o cotta, di stagione;</li>
<li><strong>un quarto</strong> cereali, meglio se integrali: riso, farro, orzo, pasta, pane;</li>
<li><strong>un quarto</strong> proteine: legumi, pesce, uova, formaggi, carne.</li>
</ul>
<p>Completa con un filo d’olio extravergine d’oliva e, se vuoi, un frutto.</p>
<h2>Organizzarsi senza stress</h2>
<p>La domenica puoi cuocere una teglia di verdure al forno, una pentola di cereali e una di legumi: in pochi minuti al giorno comporrai schiscette sempre diverse. Anche gli avanzi della cena, se ben conservati in frigorifero, diventano un ottimo pranzo.</p>
<h2>Tre combinazioni da provare</h2>
<p>Farro con ceci, pomodorini e zucchine grigliate; riso integrale con salmone, edamame e carote; insalata di orzo con uova sode, fagiolini e olive. Aggiungi erbe aromatiche e spezie per variare il gusto.</p>
<h2>Sicurezza prima di tutto</h2>
<p>Usa contenitori ermetici, conserva il pranzo in frigorifero o in una borsa termica e consumalo entro la giornata. Se lo riscaldi, fallo fino a quando è ben caldo anche al centro.</p>
`,
  },
];
